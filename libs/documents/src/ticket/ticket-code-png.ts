import QRCode from 'qrcode';

/** The quiet zone the QR specification asks for, in modules. */
const QUIET_ZONE = 4;
const ERROR_CORRECTION = 'M';

/**
 * The QR code of `text` as a PNG at most `size` pixels wide (default 300), each module a whole number of pixels so
 * that the image stays sharp when scaled by whole factors.
 */
export async function ticketCodePng(text: string, options: { size?: number } = {}): Promise<Buffer> {
  const modules = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION }).modules.size + 2 * QUIET_ZONE;
  return qrPng(text, Math.max(1, Math.floor((options.size ?? 300) / modules)));
}

/**
 * The QR code of `text` with `scale` pixels per module: grayscale without alpha, so that a PDF embeds the PNG's
 * data as it is, and every row filtered by the row above ("Up"): a module's rows repeat, so they deflate to almost
 * nothing, without pngjs trying its five filters on every row (measured: as small as the adaptive choice, 1.5 to 2.5
 * times faster). pngjs (qrcode's encoder) takes both options; qrcode's typings list only the deflate ones.
 */
export async function qrPng(text: string, scale: number): Promise<Buffer> {
  const rendererOpts = { colorType: 0, filterType: 2 } as QRCode.QRCodeToBufferOptions['rendererOpts'];
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, scale, rendererOpts });
}
