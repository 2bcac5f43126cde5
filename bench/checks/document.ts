/**
 * The bench's input: a model-written annual review of about ten pages (English, with the Spanish subsidiary's
 * sections in Spanish), the request it answers and two sources that back most of its facts. Built from one table of
 * data, so the document and the sources agree where they should, and a few facts are deliberately the writer's own:
 * invented figures, one invented quotation and one invented ruling, as a real model's text would have.
 * Deterministic (a seeded generator): every run checks the same text.
 */

export interface BenchSource {
  readonly index: number;
  readonly name: string;
  readonly text: string;
}

export interface BenchInput {
  readonly markdown: string;
  readonly prompt: string;
  readonly sources: ReadonlyArray<BenchSource>;
  /** Words of the Markdown's text (letters and digits runs), the basis of the page count. */
  readonly words: number;
}

/** Words per page of a report in 11 pt with tables: how the bench counts pages. */
export const WORDS_PER_PAGE = 450;

/** Mulberry32: the same data on every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const en = (n: number, decimals = 0) => n.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
const es = (n: number, decimals = 0) => n.toLocaleString("de-DE", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

const MONTHS_EN = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const MONTHS_ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"];

interface Unit {
  readonly name: string;
  readonly lang: "en" | "es";
  readonly manager: string;
  readonly revenue: number;
  readonly previous: number;
  readonly headcount: number;
  readonly signed: { day: number; month: number };
  readonly costs: ReadonlyArray<{ line: string; amount: number }>;
  readonly quote: string;
  readonly citation: string;
}

const UNITS: ReadonlyArray<Pick<Unit, "name" | "lang" | "manager" | "quote" | "citation">> = [
  { name: "Logistics North", lang: "en", manager: "Helen Marsh", quote: "We delivered every regional contract on time despite the port closures in spring", citation: "Regulation (EU) 2016/679" },
  { name: "Logistics South", lang: "en", manager: "Daniel Okafor", quote: "The new cold chain depot paid for itself within the first eleven months", citation: "Directive 2014/24/EU" },
  { name: "Retail Services", lang: "en", manager: "Priya Raman", quote: "Store partners renewed because service levels improved every single quarter", citation: "Regulation (EU) 2022/2065" },
  { name: "Digital Platforms", lang: "en", manager: "Tom Becker", quote: "Our platform now processes more orders at night than the whole company did in 2019", citation: "Directive (EU) 2019/1937" },
  { name: "Field Maintenance", lang: "en", manager: "Sara Lindqvist", quote: "Preventive maintenance cut emergency call-outs by a third across the fleet", citation: "Regulation (EU) 2019/1020" },
  { name: "Servicios Iberia", lang: "es", manager: "Lucía Fernández", quote: "Hemos cerrado el ejercicio con la cartera de clientes más amplia de nuestra historia", citation: "Ley 9/2017" },
  { name: "Transporte Urbano", lang: "es", manager: "Javier Ortega", quote: "La flota eléctrica ya cubre la mitad de las rutas urbanas de Madrid y Valencia", citation: "Real Decreto 1065/2007" },
  { name: "Almacenes Levante", lang: "es", manager: "Marta Soler", quote: "La automatización del almacén de Valencia redujo los errores de preparación de pedidos", citation: "Ley 58/2003" },
];

const COST_LINES = { en: ["Staff", "Fleet and equipment", "Premises", "Subcontractors"], es: ["Personal", "Flota y equipos", "Instalaciones", "Subcontratas"] };

const FILLER_EN = [
  "The unit kept its focus on service quality, and customer feedback collected through the year points in the same direction.",
  "Management reviewed the pricing model with the largest accounts and agreed on clearer terms for volume changes during the peak season.",
  "Recruitment remained difficult in technical roles, so the unit invested in training its own staff rather than relying on agencies.",
  "The board asked for a closer follow-up of working capital, and monthly reviews with the finance team were introduced in the second half.",
  "Several processes were documented for the first time, which makes audits faster and reduces the dependence on a few experienced people.",
  "Energy costs stabilised after a volatile start of the year, helped by the fixed-price supply agreement negotiated at group level.",
  "The unit's safety record improved, with fewer incidents reported and faster closure of the corrective actions that followed them.",
  "Investment decisions followed the group's capital allocation rules, and every project above the threshold was approved by the committee.",
  "Customers increasingly ask for real-time tracking and reporting, which the shared platform now provides without custom development.",
  "The outlook for next year is cautious but positive, with a healthy pipeline and no major contract due for renewal before the autumn.",
  "Sustainability targets were integrated into the unit's planning, and progress is now reported together with the financial figures.",
  "Cooperation with the other units improved, in particular on shared warehousing and on the joint purchasing of vehicles and spare parts.",
  "The internal audit found no material weaknesses, and the minor observations raised last year have all been addressed.",
  "Staff turnover fell compared with the previous year, which the unit attributes to the new career paths and the revised shift patterns.",
  "The unit also completed the migration of its legacy planning tools, retiring two servers and several spreadsheets maintained by hand.",
  "Risks for the coming year include wage pressure, the cost of financing new equipment and the possible loss of a medium-sized account.",
  "Quality indicators are now published on the intranet every week, so that every team can see how its work affects the customer.",
  "Negotiations with the unions concluded without disruption, and the agreement gives visibility on labour costs for the next two years.",
];

const FILLER_ES = [
  "La unidad mantuvo su foco en la calidad del servicio, y las encuestas de satisfacción realizadas durante el año apuntan en la misma dirección.",
  "La dirección revisó el modelo de precios con los principales clientes y acordó condiciones más claras para los cambios de volumen en temporada alta.",
  "La contratación de perfiles técnicos siguió siendo difícil, por lo que la unidad invirtió en formar a su propio personal en lugar de recurrir a agencias.",
  "El consejo pidió un seguimiento más estrecho del capital circulante, y en el segundo semestre se introdujeron revisiones mensuales con el equipo financiero.",
  "Varios procesos se documentaron por primera vez, lo que agiliza las auditorías y reduce la dependencia de unas pocas personas con experiencia.",
  "Los costes energéticos se estabilizaron tras un inicio de año volátil, gracias al contrato de suministro a precio fijo negociado por el grupo.",
  "El índice de siniestralidad mejoró, con menos incidentes notificados y un cierre más rápido de las acciones correctoras correspondientes.",
  "Las decisiones de inversión siguieron las normas de asignación de capital del grupo, y todos los proyectos relevantes fueron aprobados por el comité.",
  "Los clientes piden cada vez más seguimiento y cuadros de mando en tiempo real, que la plataforma común ya ofrece sin desarrollos a medida.",
  "Las perspectivas para el próximo ejercicio son prudentes pero positivas, con una cartera sana y sin grandes contratos pendientes de renovación.",
  "Los objetivos de sostenibilidad se integraron en la planificación de la unidad y su avance se comunica junto con las cifras financieras.",
  "La colaboración con las demás unidades mejoró, en especial en el almacenaje compartido y en la compra conjunta de vehículos y repuestos.",
  "La auditoría interna no encontró debilidades materiales, y las observaciones menores del ejercicio anterior se han resuelto por completo.",
  "La rotación de la plantilla bajó respecto al año anterior, algo que la unidad atribuye a los nuevos planes de carrera y a los turnos revisados.",
  "Entre los riesgos del próximo año figuran la presión salarial, el coste de financiar nuevos equipos y la posible pérdida de un cliente mediano.",
  "Los indicadores de calidad se publican cada semana en la intranet, de modo que cada equipo ve cómo su trabajo afecta al cliente.",
];

const pick = <T>(list: ReadonlyArray<T>, from: number, count: number): T[] => Array.from({ length: count }, (_, i) => list[(from + i) % list.length]!);

export function benchInput(): BenchInput {
  const random = seeded(14);
  const between = (lo: number, hi: number) => Math.round(lo + random() * (hi - lo));
  const units: Unit[] = UNITS.map((u) => {
    const costs = COST_LINES[u.lang].map((line) => ({ line, amount: between(180, 1900) * 1000 + between(0, 9) * 100 }));
    const spent = costs.reduce((s, c) => s + c.amount, 0);
    const revenue = spent + between(300, 1600) * 1000;
    return { ...u, revenue, previous: Math.round(revenue / (1 + between(-6, 14) / 100) / 100) * 100, headcount: between(40, 380), signed: { day: between(1, 28), month: between(1, 12) }, costs };
  });

  const doc: string[] = [];
  const ledger: string[] = ["Group finance ledger, fiscal year 2025 (closing 31 December 2025). All amounts in euros.", ""];
  const minutes: string[] = ["Minutes of the board meetings held during 2025, with the unit managers' statements as recorded.", ""];

  doc.push("# Annual Review 2025", "");
  doc.push(
    "This review presents the results of the group's eight business units for the fiscal year 2025, which closed on 31 December 2025. Each section gives the unit's revenue, its change against 2024, its cost structure and the main events of the year, with the manager's own assessment. The sections on the Spanish subsidiary are written in Spanish, as requested by its board.",
    "",
  );
  const total = units.reduce((s, u) => s + u.revenue, 0);
  const previousTotal = units.reduce((s, u) => s + u.previous, 0);
  doc.push(
    `Group revenue reached EUR ${en(total)}, against EUR ${en(previousTotal)} in 2024, a change of ${en(((total - previousTotal) / previousTotal) * 100, 1)}%. The board approved these accounts on 12 February 2026, and the auditors issued an unqualified opinion on 3 March 2026.`,
    "",
  );
  ledger.push(`Group total revenue 2025: EUR ${en(total)}.00; 2024: EUR ${en(previousTotal)}.00.`, "");
  minutes.push("On 12 February 2026 the board approved the accounts of the fiscal year 2025. The auditors' report is dated 3 March 2026.", "");

  units.forEach((u, i) => {
    const spent = u.costs.reduce((s, c) => s + c.amount, 0);
    const change = ((u.revenue - u.previous) / u.previous) * 100;
    const margin = ((u.revenue - spent) / u.revenue) * 100;
    const fill = u.lang === "en" ? FILLER_EN : FILLER_ES;
    const signedEn = `${u.signed.day} ${MONTHS_EN[u.signed.month - 1]} 2025`;
    const signedEs = `${u.signed.day} de ${MONTHS_ES[u.signed.month - 1]} de 2025`;
    // A third of the units carry a figure no source has: the writer's own, as models do.
    const invented = i % 3 === 2 ? between(21, 95) * 10_000 : null;
    // One quotation is the writer's paraphrase put between quotation marks.
    const quote = i === 4 ? "Preventive maintenance halved the emergency call-outs across the whole fleet" : u.quote;
    if (u.lang === "en") {
      doc.push(`## ${i + 1}. ${u.name}`, "");
      doc.push(
        `${u.name} closed 2025 with revenue of EUR ${en(u.revenue)}, compared with EUR ${en(u.previous)} in 2024, a change of ${en(change, 1)}%. The unit employed ${u.headcount} people at year end, and its operating margin was ${en(margin, 1)}%. Its main framework contract was signed on ${signedEn}.`,
        "",
        pick(fill, i * 5, 4).join(" "),
        "",
        `As ${u.manager} put it at the board meeting: “${quote}.” The unit's data handling follows ${u.citation}, which the group's compliance team reviewed during the year.`,
        "",
        pick(fill, i * 5 + 4, 4).join(" "),
        "",
        ...(invented ? [`The unit also set aside a provision of EUR ${en(invented)} for a pending customer claim, which management considers unlikely to succeed.`, ""] : []),
        ...(i === 2 ? ["Its position on late-payment penalties was confirmed by the ruling STS 4321/2017, which management cites in its negotiations.", ""] : []),
        `| Cost line | 2025 (EUR) |`,
        `|---|---:|`,
        ...u.costs.map((c) => `| ${c.line} | ${en(c.amount)} |`),
        `| **Total** | **${en(spent)}** |`,
        "",
        pick(fill, i * 5 + 8, 5).join(" "),
        "",
        pick(fill, i * 5 + 13, 6).join(" "),
        "",
      );
    } else {
      doc.push(`## ${i + 1}. ${u.name}`, "");
      doc.push(
        `${u.name} cerró 2025 con unos ingresos de ${es(u.revenue)} €, frente a ${es(u.previous)} € en 2024, una variación del ${es(change, 1)} %. La unidad contaba con ${u.headcount} empleados al cierre del ejercicio y su margen operativo fue del ${es(margin, 1)} %. Su contrato marco principal se firmó el ${signedEs}.`,
        "",
        pick(fill, i * 5, 4).join(" "),
        "",
        `En palabras de ${u.manager} ante el consejo: «${quote}». La unidad aplica la ${u.citation}, revisada durante el año por el equipo de cumplimiento del grupo.`,
        "",
        pick(fill, i * 5 + 4, 4).join(" "),
        "",
        ...(invented ? [`La unidad dotó además una provisión de ${es(invented)} € por una reclamación pendiente de un cliente, que la dirección considera poco probable.`, ""] : []),
        `| Partida de coste | 2025 (EUR) |`,
        `|---|---:|`,
        ...u.costs.map((c) => `| ${c.line} | ${es(c.amount)} |`),
        `| **Total** | **${es(spent)}** |`,
        "",
        pick(fill, i * 5 + 8, 5).join(" "),
        "",
        pick(fill, i * 5 + 13, 6).join(" "),
        "",
      );
    }

    // The ledger writes every figure its own way (two decimals, codes before), as an accounting export does.
    ledger.push(`Unit ${i + 1}: ${u.name}`);
    ledger.push(`  Revenue FY2025: EUR ${en(u.revenue)}.00. Revenue FY2024: EUR ${en(u.previous)}.00. Headcount at 31/12/2025: ${u.headcount}.`);
    for (const c of u.costs) ledger.push(`  Cost line ${c.line}: EUR ${en(c.amount)}.00`);
    ledger.push(`  Operating result: EUR ${en(u.revenue - spent)}.00`);
    const monthly = Array.from({ length: 12 }, (_, m) => `${MONTHS_EN[m]!.slice(0, 3)} EUR ${en(between(20, 400) * 1000 + between(0, 99) * 10)}.00`);
    ledger.push(`  Monthly cash collected: ${monthly.join("; ")}.`);
    ledger.push(`  Open invoices at year end: ${between(12, 240)}; average days to pay: ${between(28, 75)}; fuel litres: ${en(between(10_000, 90_000))}.`, "");

    minutes.push(`Unit ${u.name}. The framework contract was signed on ${u.signed.day}/${u.signed.month}/2025 after the committee's review.`);
    minutes.push(`${u.manager} reported to the board: "${u.quote}." The compliance team confirmed that the unit applies ${u.citation}.`);
    minutes.push(pick(FILLER_EN, i * 3 + 1, 3).join(" "), "");
  });

  doc.push("## Outlook", "");
  doc.push(
    "The group enters 2026 with a stronger balance sheet and a clearer allocation of capital between the units. The priorities agreed by the board are the electrification of the urban fleet, the automation of two more warehouses and a single customer platform for all units.",
    "",
    pick(FILLER_EN, 3, 4).join(" "),
    "",
    "The next review of these objectives is scheduled for 15 September 2026.",
    "",
  );
  minutes.push("The board scheduled the mid-year review of the objectives for 15 September 2026.", "");
  // Board minutes carry the discussions as well as the figures, so they are long: they fill up to the usual size.
  let k = 0;
  while (minutes.join("\n").length < 10_000) minutes.push(`Other business (${++k}). ${pick(FILLER_EN, k * 2, 3).join(" ")}`, "");
  while (ledger.join("\n").length < 10_000) {
    ledger.push(`Adjustment ${++k}: reclassification of EUR ${en(between(1, 90) * 1000 + between(0, 99) * 10)}.00 between cost lines, approved ${between(1, 28)}/${between(1, 12)}/2025.`);
  }

  const markdown = doc.join("\n");
  return {
    markdown,
    prompt:
      "Write the group's annual review for 2025 for the board: one section per business unit with revenue, change against 2024, costs and the manager's assessment, from the finance ledger and the board minutes. The Spanish subsidiary's sections in Spanish.",
    sources: [
      { index: 1, name: "ledger-2025.txt", text: ledger.join("\n") },
      { index: 2, name: "board-minutes-2025.txt", text: minutes.join("\n") },
    ],
    words: (markdown.match(/[\p{L}\p{N}]+/gu) ?? []).length,
  };
}
