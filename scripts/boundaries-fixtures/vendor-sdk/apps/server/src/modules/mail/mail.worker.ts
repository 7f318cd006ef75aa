import type { Transporter } from 'nodemailer';

export type Worker = { transport: Transporter };
