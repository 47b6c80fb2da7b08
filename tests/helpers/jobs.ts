/** A salaried job, current since March 2019, for employment-history tests; `over` changes fields. */
export const job = (over: Record<string, unknown> = {}) => ({
  employerName: "Tampa General Hospital",
  position: "Nurse",
  startDate: "2019-03-01",
  endDate: null,
  base: 78000,
  ...over,
});
