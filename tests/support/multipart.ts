/**
 * Multipart bodies written by hand, for the form reader's tests: exact parts (a nameless one, a
 * name FormData would not send) and bodies made as they are read, so a test can count how much
 * of a hostile body the server asked for, or hold one half-sent.
 */
export const BOUNDARY = 'test-boundary-7d1f';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const encoder = new TextEncoder();

export type Part = { name: string; value: string } | { name: string; filename: string; bytes: string };

export const partText = (part: Part): string =>
  'value' in part
    ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`
    : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n${part.bytes}\r\n`;

export const CLOSING = `--${BOUNDARY}--\r\n`;

export const multipart = (parts: readonly Part[]): string => `${parts.map(partText).join('')}${CLOSING}`;

export interface StreamedParts {
  stream: ReadableStream<Uint8Array>;
  /** How many of the one-byte parts the reader has asked for so far. */
  pulled: () => number;
  /** Resolves when the reader first asks for more than `first`. */
  waiting: Promise<void>;
}

/**
 * `first` (sent at once), then `count` one-byte fields made 100 at a time as they are read; with
 * `gate`, nothing after `first` is sent until it resolves.
 */
export function streamedParts(count: number, { first = '', gate }: { first?: string; gate?: Promise<void> } = {}): StreamedParts {
  let sent = 0;
  let started = false;
  let markWaiting: () => void = () => undefined;
  const waiting = new Promise<void>((resolve) => {
    markWaiting = resolve;
  });
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          if (first) {
            controller.enqueue(encoder.encode(first));
            return;
          }
        }
        markWaiting();
        if (gate) await gate;
        if (sent >= count) {
          controller.enqueue(encoder.encode(CLOSING));
          controller.close();
          return;
        }
        let text = '';
        for (let i = 0; i < 100 && sent < count; i++, sent++) text += partText({ name: `f${sent}`, value: 'x' });
        controller.enqueue(encoder.encode(text));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent, waiting };
}
