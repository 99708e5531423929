/**
 * The CPU time of rendering a QR PNG and a counter card PDF (receipts/qr), in this process, without
 * HTTP or GraphQL: the first render (which reads the 5 MB font file) once, then medians per render
 * after a warm-up. CPU time (`process.cpuUsage`, user + system) rather than wall time, so the figures
 * hold on a machine shared with other work. Targets: PNG <= 2 ms, PDF <= 50 ms.
 */
import { renderQrCard, type QrCardContent } from '../../subgraphs/receipts/qr/qr-card.js';
import { renderQrPng } from '../../subgraphs/receipts/qr/qr-png.js';
import { qrSymbol } from '../../subgraphs/receipts/qr/qr-symbol.js';

/** One measured line: CPU milliseconds per render. */
export interface RenderCost {
  readonly name: string;
  readonly cpuMs: number;
}

const URL = 'https://receipts.example.jp/receipts/terminal/ABCDEFGHJK';

async function cpuMs(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

async function median(renders: number, run: () => unknown): Promise<number> {
  for (let i = 0; i < Math.min(20, renders); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < renders; i++) times.push(await cpuMs(run));
  return times.sort((a, b) => a - b)[Math.floor(renders / 2)] ?? 0;
}

function card(lang: QrCardContent['lang']): QrCardContent {
  return {
    symbol: qrSymbol(URL),
    url: URL,
    storeName: 'さくらマート 渋谷店',
    subject: 'terminal',
    reference: 'ABCDEFGHJK',
    lang,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  };
}

/** Measures the renderers; `renders` per median. */
export async function measureQrRendering(renders: number): Promise<RenderCost[]> {
  const first = await cpuMs(() => renderQrCard(card('ja')));
  let n = 0;
  return [
    { name: 'QR PNG 300 px (symbol cached)', cpuMs: await median(renders, () => renderQrPng(qrSymbol(URL), 300)) },
    {
      name: 'QR PNG 300 px (new symbol each time)',
      cpuMs: await median(renders, () => renderQrPng(qrSymbol(`${URL}${n++}`), 300)),
    },
    { name: 'QR PNG 2048 px (symbol cached)', cpuMs: await median(renders, () => renderQrPng(qrSymbol(URL), 2048)) },
    { name: 'QR card PDF, first render (reads the font)', cpuMs: first },
    { name: 'QR card PDF ja (A6, subset font)', cpuMs: await median(renders, () => renderQrCard(card('ja'))) },
    { name: 'QR card PDF en (A6, subset font)', cpuMs: await median(renders, () => renderQrCard(card('en'))) },
  ];
}
