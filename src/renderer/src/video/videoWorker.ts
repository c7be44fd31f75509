// Converts one clip off the main thread with mediabunny over WebCodecs: the kept part, scaled to
// at most 1080 px, with or without its sound, into MP4 (H.264/AAC) where this machine can encode
// it, else WebM (VP9/Opus); then the poster, the converted clip's first frame as a JPEG. Progress
// goes back as it comes; a 'cancel' message stops the conversion.

import {
  ALL_FORMATS,
  BlobSource,
  BufferSource,
  BufferTarget,
  CanvasSink,
  Conversion,
  ConversionCanceledError,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
  canEncodeAudio,
  canEncodeVideo
} from 'mediabunny'
import { chooseOutput, scaledSize } from './videoPlan'
import type { VideoWorkerRequest, VideoWorkerResponse } from './videoMessages'

const VIDEO_BITRATE = 3_500_000
const AUDIO_BITRATE = 128_000

let running: Conversion | null = null
let canceled = false

const post = (response: VideoWorkerResponse, transfer: Transferable[] = []): void =>
  (self as unknown as Worker).postMessage(response, transfer)

async function poster(bytes: Uint8Array): Promise<Uint8Array> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS })
  const track = await input.getPrimaryVideoTrack()
  if (!track) throw new Error('no video track')
  const sink = new CanvasSink(track, { poolSize: 1 })
  const frame = await sink.getCanvas(await track.getFirstTimestamp())
  if (!frame) throw new Error('no first frame')
  const canvas = frame.canvas as OffscreenCanvas
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 })
  return new Uint8Array(await blob.arrayBuffer())
}

async function convert(request: Extract<VideoWorkerRequest, { kind: 'convert' }>): Promise<void> {
  const input = new Input({ source: new BlobSource(request.file), formats: ALL_FORMATS })
  const track = await input.getPrimaryVideoTrack()
  if (!track || !(await track.canDecode())) throw new UnreadableError()
  const audio = await input.getPrimaryAudioTrack()
  const hasAudio = !request.muted && audio !== null && (await audio.canDecode())
  const size = scaledSize(track.displayWidth, track.displayHeight)
  const plan = chooseOutput(
    await canEncodeVideo('avc', { ...size, bitrate: VIDEO_BITRATE }),
    await canEncodeAudio('aac'),
    hasAudio
  )
  if (!(await canEncodeVideo(plan.videoCodec, size))) throw new CantConvertError()
  const target = new BufferTarget()
  const output = new Output({
    format:
      plan.type === 'video/mp4'
        ? new Mp4OutputFormat({ fastStart: 'in-memory' })
        : new WebMOutputFormat(),
    target
  })
  const conversion = await Conversion.init({
    input,
    output,
    // 3.5 Mbit/s and 128 kbit/s: three minutes stay near 80 MB, under the bucket's and the
    // resumable uploads' limits.
    video: { ...size, fit: 'contain', codec: plan.videoCodec, bitrate: VIDEO_BITRATE },
    audio: hasAudio ? { codec: plan.audioCodec, bitrate: AUDIO_BITRATE } : { discard: true },
    trim: { start: request.trimStartMs / 1000, end: request.trimEndMs / 1000 },
    showWarnings: false
  })
  if (!conversion.isValid) throw new CantConvertError()
  running = conversion
  if (canceled) await conversion.cancel()
  conversion.onProgress = (fraction) => post({ kind: 'progress', fraction })
  await conversion.execute()
  running = null
  const bytes = new Uint8Array(target.buffer!)
  const out = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS })
  const durationMs = Math.round((await out.computeDuration()) * 1000)
  const posterBytes = await poster(bytes)
  post(
    { kind: 'done', video: { bytes, type: plan.type, durationMs }, poster: posterBytes, ...size },
    [bytes.buffer, posterBytes.buffer]
  )
}

class UnreadableError extends Error {}
class CantConvertError extends Error {}

self.onmessage = (event: MessageEvent<VideoWorkerRequest>) => {
  const request = event.data
  if (request.kind === 'cancel') {
    canceled = true
    void running?.cancel()
    return
  }
  convert(request).catch((error: unknown) => {
    const reason =
      error instanceof ConversionCanceledError || canceled
        ? 'canceled'
        : error instanceof CantConvertError
          ? 'cant-convert'
          : 'unreadable'
    if (reason !== 'canceled') console.error('Video conversion failed', error)
    post({ kind: 'failed', reason })
  })
}
