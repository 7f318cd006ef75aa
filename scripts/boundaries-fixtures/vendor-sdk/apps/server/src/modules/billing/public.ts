export { stripe } from './billing.service';
