// A tiny PNG encoder (RGB, 8-bit) on node:zlib, so seeds and tests can make real images with
// no network and no native image library.

import { deflateSync } from 'node:zlib'

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([length, typeAndData, crc])
}

/** `pixel(x, y)` returns [r, g, b] in 0–255. */
export function encodePng(
  width: number,
  height: number,
  pixel: (x: number, y: number) => [number, number, number]
): Buffer {
  const stride = width * 3 + 1
  const raw = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y)
      const at = y * stride + 1 + x * 3
      raw[at] = r
      raw[at + 1] = g
      raw[at + 2] = b
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0))
  ])
}

const PALETTES: [number, number, number][][] = [
  [
    [255, 183, 94],
    [237, 100, 166]
  ],
  [
    [64, 93, 230],
    [88, 81, 219]
  ],
  [
    [252, 175, 69],
    [225, 48, 108]
  ],
  [
    [86, 204, 242],
    [47, 128, 237]
  ],
  [
    [168, 224, 99],
    [86, 171, 47]
  ],
  [
    [255, 226, 89],
    [255, 167, 81]
  ],
  [
    [131, 96, 195],
    [46, 191, 145]
  ],
  [
    [238, 156, 167],
    [255, 221, 225]
  ]
]

/**
 * A made-up "photo": a sky gradient, a sun and rolling hills, varied by `seed`. Looks like a
 * landscape thumbnail, which is what a feed of demo posts wants.
 */
export function demoPhotoPng(seed: number, size = 640): Buffer {
  const [top, bottom] = PALETTES[seed % PALETTES.length]
  const sunX = size * (0.25 + ((seed * 37) % 50) / 100)
  const sunY = size * (0.22 + ((seed * 17) % 20) / 100)
  const sunR = size * 0.09
  const phase = (seed % 13) / 2
  return encodePng(size, size, (x, y) => {
    const t = y / size
    let r = top[0] * (1 - t) + bottom[0] * t
    let g = top[1] * (1 - t) + bottom[1] * t
    let b = top[2] * (1 - t) + bottom[2] * t
    if ((x - sunX) ** 2 + (y - sunY) ** 2 < sunR ** 2) [r, g, b] = [255, 244, 214]
    const hill = size * (0.68 + 0.06 * Math.sin(x / (size / 6) + phase))
    const farHill = size * (0.6 + 0.05 * Math.sin(x / (size / 4) + phase * 2))
    if (y > farHill) [r, g, b] = [r * 0.55, g * 0.6, b * 0.7]
    if (y > hill) [r, g, b] = [30 + (seed % 5) * 8, 70 + (seed % 7) * 10, 50]
    return [Math.round(r), Math.round(g), Math.round(b)]
  })
}
