/**
 * Key data reads dates with the one date reader, core/dates/ (read.ts, names.ts, calendar.ts); this module keeps the
 * names that key data's neighbours (the document-type detector) and its tests know it by.
 */
export { fold, monthOf } from "../dates/names.ts";
export { readDates, type DateOptions, type FoundDate } from "../dates/read.ts";
export { realDate } from "../dates/calendar.ts";
