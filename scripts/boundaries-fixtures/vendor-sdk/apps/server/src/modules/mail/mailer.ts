import nodemailer from 'nodemailer';

export const transport = nodemailer.createTransport({ url: 'smtp://localhost' });
