import { inflateSync } from "node:zlib";

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  /** 2: RGB, 6: RGBA (the two kinds Chromium writes). */
  colorType: number;
  interlaced: boolean;
}

export interface PngImage extends PngHeader {
  /** Red, green, blue, alpha of pixel (x, y); alpha is 255 for RGB images. */
  pixel(x: number, y: number): [number, number, number, number];
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR chunk, which the PNG format requires to come first. */
export function readPngHeader(file: Buffer): PngHeader {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG file");
  if (file.toString("ascii", 12, 16) !== "IHDR") throw new Error("a PNG file starts with its IHDR chunk");
  return {
    width: file.readUInt32BE(16),
    height: file.readUInt32BE(20),
    bitDepth: file.readUInt8(24),
    colorType: file.readUInt8(25),
    interlaced: file.readUInt8(28) === 1,
  };
}

/** Decodes an 8-bit, non-interlaced RGB or RGBA PNG: enough to check the pixels of our own icons. */
export function decodePng(file: Buffer): PngImage {
  const header = readPngHeader(file);
  const channels = header.colorType === 6 ? 4 : header.colorType === 2 ? 3 : 0;
  if (channels === 0 || header.bitDepth !== 8 || header.interlaced) {
    throw new Error(`unsupported PNG: colour type ${header.colorType}, depth ${header.bitDepth}`);
  }
  const compressed: Buffer[] = [];
  for (let offset = 8; offset < file.length;) {
    const length = file.readUInt32BE(offset);
    if (file.toString("ascii", offset + 4, offset + 8) === "IDAT") {
      compressed.push(file.subarray(offset + 8, offset + 8 + length));
    }
    offset += 12 + length;
  }
  const filtered = inflateSync(Buffer.concat(compressed));
  const stride = header.width * channels;
  const pixels = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; y++) {
    const lineStart = y * (stride + 1);
    const filter = filtered.readUInt8(lineStart);
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? pixels.readUInt8(y * stride + i - channels) : 0;
      const up = y > 0 ? pixels.readUInt8((y - 1) * stride + i) : 0;
      const upLeft = y > 0 && i >= channels ? pixels.readUInt8((y - 1) * stride + i - channels) : 0;
      pixels[y * stride + i] = (filtered.readUInt8(lineStart + 1 + i) + predictor(filter, left, up, upLeft)) & 0xff;
    }
  }
  return {
    ...header,
    pixel(x, y) {
      const start = y * stride + x * channels;
      const channel = (index: number) => pixels.readUInt8(start + index);
      return [channel(0), channel(1), channel(2), channels === 4 ? channel(3) : 255];
    },
  };
}

/** The five PNG filters' predictions (PNG specification §9.2). */
function predictor(filter: number, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return Math.floor((left + up) / 2);
    case 4: {
      const estimate = left + up - upLeft;
      const toLeft = Math.abs(estimate - left);
      const toUp = Math.abs(estimate - up);
      const toUpLeft = Math.abs(estimate - upLeft);
      if (toLeft <= toUp && toLeft <= toUpLeft) return left;
      return toUp <= toUpLeft ? up : upLeft;
    }
    default:
      throw new Error(`unknown PNG filter ${filter}`);
  }
}
