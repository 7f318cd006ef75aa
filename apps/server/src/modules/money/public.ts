// The money module's public API: what other modules may use. Nothing else of this folder is theirs.
// Data export and erasure (issue 33): the data-rights module, above money.
export { eraseFromInvoices, exportInvoiceLines } from './money.data-rights';
