// The joined channels of every socket, by topic: where a broadcast fans out and where presence
// is kept. A private channel and a public one of the same name are different rooms (as on
// hosted Realtime), so a public subscriber never hears what a private channel's policies guard.
//
// Fan-out only queues frames on each socket (ws buffers them); nothing here waits for a reader,
// so one slow socket never delays another (limits.ts: sendBufferBytes closes one that stalls).

import type { BroadcastMessage } from './protocol'
import { REALTIME_LIMITS } from './limits'
import { PresenceRoom, type PresenceDiff } from './presence'

export interface Member {
  readonly topic: string
  readonly isPrivate: boolean
  /** Whether the channel asked for presence (it then gets the state at join, and diffs). */
  presenceEnabled: boolean
  /** What its read policies let it receive (always both on a public channel). */
  readonly receives: { broadcast: boolean; presence: boolean }
  pushBroadcast(message: BroadcastMessage): void
  pushPresence(event: 'presence_state' | 'presence_diff', payload: unknown): void
}

interface Room {
  members: Set<Member>
  /** Made at the first track: most rooms (one per postgres_changes channel) never hold any. */
  presence: PresenceRoom<Member> | null
}

const roomKey = (topic: string, isPrivate: boolean): string =>
  `${isPrivate ? 'private' : 'public'}|${topic}`

export class Hub {
  private readonly rooms = new Map<string, Room>()

  join(member: Member): void {
    const key = roomKey(member.topic, member.isPrivate)
    let room = this.rooms.get(key)
    if (!room) {
      room = { members: new Set(), presence: null }
      this.rooms.set(key, room)
    }
    room.members.add(member)
    if (member.presenceEnabled) this.sendState(member, room)
  }

  /** The member is gone (left, closed, or its socket dropped): its presence leaves too. */
  leave(member: Member): void {
    const key = roomKey(member.topic, member.isPrivate)
    const room = this.rooms.get(key)
    if (!room?.members.delete(member)) return
    const diff = room.presence?.untrack(member)
    if (diff) this.sendDiff(room, diff)
    if (room.members.size === 0) this.rooms.delete(key)
  }

  /** Sends `message` to every member of the room allowed to read it, `sender` only if asked. */
  broadcast(
    topic: string,
    isPrivate: boolean,
    message: BroadcastMessage,
    sender: Member | null = null,
    toSender = false
  ): void {
    const room = this.rooms.get(roomKey(topic, isPrivate))
    if (!room) return
    for (const member of [...room.members]) {
      if (member === sender && !toSender) continue
      if (member.receives.broadcast) member.pushBroadcast(message)
    }
  }

  /** Tracks `member` under `key`; false when the room holds its maximum of presences. */
  track(member: Member, key: string, payload: Record<string, unknown>): boolean {
    const room = this.rooms.get(roomKey(member.topic, member.isPrivate))
    if (!room?.members.has(member)) return false
    if (!member.presenceEnabled) {
      // Tracking without having asked for presence: it starts now, from the whole state.
      member.presenceEnabled = true
      this.sendState(member, room)
    }
    room.presence ??= new PresenceRoom(REALTIME_LIMITS.presencesPerTopic)
    const diff = room.presence.track(member, key, payload)
    if (!diff) return false
    this.sendDiff(room, diff)
    return true
  }

  untrack(member: Member): void {
    const room = this.rooms.get(roomKey(member.topic, member.isPrivate))
    const diff = room?.presence?.untrack(member)
    if (room && diff) this.sendDiff(room, diff)
  }

  private sendState(member: Member, room: Room): void {
    if (member.receives.presence) {
      member.pushPresence('presence_state', room.presence?.state() ?? {})
    }
  }

  private sendDiff(room: Room, diff: PresenceDiff): void {
    for (const member of [...room.members]) {
      if (member.presenceEnabled && member.receives.presence) {
        member.pushPresence('presence_diff', diff)
      }
    }
  }
}
