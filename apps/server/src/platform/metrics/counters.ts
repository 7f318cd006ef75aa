/**
 * Counts the hot paths bump with a plain addition (the tracker's pings); the metrics registry reads them when
 * scraped. Process-wide, as Prometheus scrapes a process.
 */
export const pingCounts = { accepted: 0, refused: 0, duplicates: 0 };

export function countPings(accepted: number, refused: number, duplicates: number) {
  pingCounts.accepted += accepted;
  pingCounts.refused += refused;
  pingCounts.duplicates += duplicates;
}
