export interface Payments {
  checkoutUrl(customerId: string): Promise<string>;
}
