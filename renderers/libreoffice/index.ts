/** The warm LibreOffice converter (pool.ts) and its error. */
export {
  closeSharedOfficeConverter,
  defaultConverterCount,
  sharedOfficeConverter,
  startOfficeConverter,
  type InstanceState,
  type OfficeConverterOptions,
  type OfficeConverterPool,
  type OfficeConverterStatus,
} from "./pool.ts";
export { OfficeConversionError, type OfficeConversionFailure } from "./errors.ts";
export { exportPlan } from "./formats.ts";
