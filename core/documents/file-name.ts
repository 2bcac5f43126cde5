/** A file name from the document's name: kept readable, stripped of what file systems and headers refuse. */
export const fileBase = (name: string | null) => (name ?? "document").replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").trim().slice(0, 120) || "document";
