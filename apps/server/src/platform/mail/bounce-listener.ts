import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseDeliveryReports, verpToken, type DeliveryReport } from './delivery-reports.ts';
import type { MailLog } from './mail.ts';

/** A report with the token of the message it is about (the VERP address it arrived at). */
export type ReportReceived = (token: string, report: DeliveryReport) => Promise<void>;

export interface BounceListenerOptions {
  port: number;
  host?: string;
  /** Reports are accepted only for our VERP addresses; each is handed over before the SMTP reply. */
  onReport: ReportReceived;
  log: MailLog;
}

/** Delivery reports are small; anything larger is not one. */
const MAX_REPORT_BYTES = 512 * 1024;

/**
 * The return path's SMTP server (run by the worker role when BOUNCE_SMTP_PORT is set): receiving
 * servers send their bounces and complaints to `bounces+<token>@<return-path host>`; each report
 * is parsed and handed to the email module. Mail to any other address is refused at RCPT.
 */
export async function startBounceListener(options: BounceListenerOptions) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_REPORT_BYTES,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (verpToken(address.address) === null) callback(new Error('550 No such mailbox here'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('552 Report too large'), { responseCode: 552 }));
          return;
        }
        const tokens = session.envelope.rcptTo.flatMap((to) => verpToken(to.address) ?? []);
        parseDeliveryReports(Buffer.concat(chunks))
          .then(async (reports) => {
            for (const token of tokens) for (const report of reports) await options.onReport(token, report);
            callback();
          })
          .catch((error: unknown) => {
            options.log.error(
              { reason: error instanceof Error ? error.message : String(error) },
              'bounce not recorded',
            );
            // 451: the sender keeps the report and tries again later.
            callback(Object.assign(new Error('451 Try again later'), { responseCode: 451 }));
          });
      });
    },
  });
  server.on('error', (error) => options.log.error({ reason: error.message }, 'bounce listener error'));
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '0.0.0.0', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type BounceListener = Awaited<ReturnType<typeof startBounceListener>>;
