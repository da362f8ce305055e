import nodemailer from "nodemailer";
import type { Logger } from "pino";

export interface Mail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Sends account mail (magic links, invites). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP through nodemailer, for `SERVICE_SMTP_URL` (e.g. `smtps://user:pass@mail.example.com`). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Without SMTP the mail goes to the log for the operator to pass on; the message is the whole
 * point, so this is a warn line that stands out.
 */
export function logMailer(logger: Logger): Mailer {
  const log = logger.child({ component: "mail" });
  return {
    async send(mail) {
      log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, "SMTP is not configured: mail written here instead");
    },
  };
}
