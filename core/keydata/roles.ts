/**
 * The words that give a key datum its role, in English, Spanish, German, French, Italian, Portuguese, Dutch and
 * Catalan: "Gesamtbetrag", "loyer", "entra in vigore il", "treedt in werking op". Whole words only (a German compound
 * such as "Monatsmiete" is not split). The role names are the same in every language.
 */

export interface RoleCue {
  readonly role: string;
  readonly pattern: RegExp;
}

/** A cue from its alternatives: whole words, any case, any spaces between words. */
const cue = (role: string, words: string): RoleCue => ({
  role,
  pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.replace(/ /g, String.raw`\s+`)})(?![\p{L}])`, "giu"),
});

export const amountRoles: RoleCue[] = [
  cue("subtotal", String.raw`subtotal|sub-total|base imponible|net amount|net total|importe neto|Nettobetrag|Zwischensumme|sous-total|montant HT|total HT|base imposable|imponibile|subtotale|totale imponibile|base tribut[aá]vel|subtotaal|nettobedrag|base imposable`),
  cue("total", String.raw`grand total|total amount|amount due|total due|balance due|total a pagar|importe total|total|Gesamtbetrag|Gesamtsumme|Rechnungsbetrag|Endbetrag|Summe|montant total|total TTC|net [àa] payer|totale|importo totale|totale da pagare|valor total|montante total|totaal|totaalbedrag|te betalen|import total`),
  cue("vat", String.raw`VAT|IVA|I\.V\.A\.|MwSt\.?|USt\.?|Mehrwertsteuer|Umsatzsteuer|TVA|BTW`),
  cue("tax", String.raw`sales tax|taxes|tax|withholding|impuestos?|IRPF|retenci[oó]n|Steuern?|imp[oô]ts?|taxes?|impost[ae]|imposte|impostos?|belastinge?n?`),
  cue("deposit", String.raw`security deposit|deposit|down payment|advance payment|retainer|fianza|dep[oó]sito|anticipo|paga y señal|señal|Kaution|Anzahlung|d[ée]p[ôo]t de garantie|caution|acompte|deposito cauzionale|cauzione|acconto|cau[çc][ãa]o|sinal|waarborgsom|borgsom|aanbetaling|dip[òo]sit|fian[çc]a`),
  cue("penalty", String.raw`penalty|penalties|late charge|penalizaci[oó]n|multa|cl[aá]usula penal|Vertragsstrafe|Strafe|p[ée]nalit[ée]s?|penale|penalit[àa]|penalidade|boete|penalitzaci[óo]`),
  cue("discount", String.raw`discount|descuento|rebate|bonificaci[oó]n|Rabatt|Skonto|remise|r[ée]duction|sconto|desconto|korting|descompte`),
  cue("fee", String.raw`fees?|commission|charges?|honorarios|comisi[oó]n|cuota|tarifa|Geb[üu]hren?|Honorar|Provision|frais|honoraires|compenso|commissione|tariffa|taxa|comiss[ãa]o|honor[áa]rios|honorarium|provisie|honoraris|comissi[óo]`),
  cue("rent", String.raw`rent|rental|alquiler|renta|Miete|Kaltmiete|Warmmiete|Pacht|loyer|canone|affitto|renda|aluguel|aluguer|huur|huurprijs|lloguer`),
  cue("salary", String.raw`salary|wage|salario|sueldo|retribuci[oó]n|remuneraci[oó]n|Gehalt|Lohn|Verg[üu]tung|salaire|r[ée]mun[ée]ration|stipendio|retribuzione|sal[áa]rio|remunera[çc][ãa]o|salaris|loon`),
  cue("allowance", String.raw`allowance|stipend|per diem|subsistence|dietas?|complemento|subsidio|ayuda|Zulage|Zuschuss|Pauschale|indemnit[ée]|allocation|prime|indennit[àa]|assegno|subs[íi]dio|ajuda de custo|toelage|toeslag|complement|ajut`),
  cue("price", String.raw`price|cost|amount|sum|precio|coste|costo|importe|valor|cantidad|suma|Preis|Kosten|Betrag|prix|montant|co[ûu]t|prezzo|importo|pre[çc]o|custo|montante|quantia|prijs|bedrag|preu|l['’]import`),
];

export const dateRoles: RoleCue[] = [
  cue("due_date", String.raw`due date|due|payable (?:by|on|before)|pay(?:ment)? by|payment date|deadline|no later than|fecha de vencimiento|vencimiento|vence|fecha l[ií]mite|a m[aá]s tardar|antes del?|f[äa]llig(?: am)?|F[äa]lligkeit(?:sdatum)?|zahlbar bis|sp[äa]testens(?: am| bis)?|[ée]ch[ée]ance|date d'[ée]ch[ée]ance|payable (?:avant|le|au plus tard)|au plus tard (?:le)?|scadenza|data di scadenza|entro il|vencimento|data de vencimento|vervaldatum|uiterlijk(?: op)?|venciment|data de venciment`),
  cue("issue_date", String.raw`issue date|date of issue|issued(?: on)?|invoice date|dated|fecha de emisi[oó]n|fecha de expedici[oó]n|fecha de (?:la )?factura|emitid[ao]|Rechnungsdatum|Ausstellungsdatum|ausgestellt am|date de (?:la )?facture|date d'[ée]mission|[ée]mise? le|data (?:della )?fattura|data di emissione|emess[ao] il|data de emiss[ãa]o|emitid[ao] em|factuurdatum|data d'emissi[óo]`),
  cue("effective_date", String.raw`effective date|effective(?: as of| from| on)?|commencement date|start date|starts? on|begins? on|with effect from|takes? effect(?: on| from)?|took effect(?: on)?|comes? into force(?: on)?|enters? into force(?: on)?|entrada en vigor|entr(?:a|an|ar[aá]n?|[oó]|e|in) en vigor(?: el)?|con efectos?(?: desde)?|fecha de inicio|a partir del?|in Kraft|Inkrafttreten|tritt am|wirksam (?:ab|zum)|g[üu]ltig ab|mit Wirkung (?:vom|zum|ab)|entr(?:e|ent|era|eront) en vigueur(?: le)?|entr[ée]e en vigueur|prend(?:ra)? effet(?: le)?|[àa] compter du|avec effet (?:au|le)|entr(?:a|ano|er[àa]) in vigore(?: il)?|entrata in vigore|con effetto dal|a decorrere dal|decorrenza|entr(?:a|am|ar[áa]) em vigor(?: em| a)?|entrada em vigor|com efeitos? (?:a partir de|desde)|produz efeitos a partir de|in werking (?:op|per)|inwerkingtreding|van kracht(?: vanaf| op)?|met ingang van|ingangsdatum|amb efectes?(?: des)? de(?:l)?|data d'inici`),
  cue("end_date", String.raw`end date|expiry date|expiration date|expires?(?: on)?|terminates? on|ends? on|until|fecha de (?:fin|finalizaci[oó]n|terminaci[oó]n)|finaliza(?: el)?|hasta el|bis zum|endet am|Enddatum|Ablaufdatum|jusqu'au|expire le|prend fin le|date de fin|fino al|scade il|data di scadenza del contratto|termina em|at[ée] ao dia|tot en met|eindigt op|einddatum|fins al|data de finalitzaci[óo]`),
  cue("signature_date", String.raw`date of signature|signed(?: on)?|signature|executed(?: on)?|fecha de firma|firmad[oa](?: el)?|firma|suscrit[oa]|unterzeichnet am|Datum der Unterzeichnung|Unterschrift|sign[ée]e? le|date de signature|firmato il|data di firma|assinado em|data de assinatura|ondertekend op|datum van ondertekening|signat el|data de signatura`),
];

export const partyRoles: RoleCue[] = [
  cue("supplier", String.raw`supplier|vendor|seller|service provider|provider|contractor|issuer|landlord|lessor|proveedor|vendedor|prestador|emisor|arrendador|contratista|Lieferant|Auftragnehmer|Vermieter|Verk[äa]ufer|fournisseur|prestataire|bailleur|vendeur|fornitore|locatore|venditore|fornecedor|senhorio|leverancier|verhuurder|verkoper|prove[ïi]dor`),
  cue("customer", String.raw`customer|client|buyer|purchaser|tenant|lessee|bill to|cliente|comprador|destinatario|arrendatario|contratante|Kunde|Auftraggeber|Mieter|K[äa]ufer|preneur|locataire|acheteur|conduttore|acquirente|arrendat[áa]rio|klant|huurder|koper|arrendatari`),
  cue("payer", String.raw`payer|debtor|ordering party|pagador|ordenante|deudor|Zahler|Schuldner|payeur|d[ée]biteur|debitore|pagatore|devedor|betaler|schuldenaar|deutor`),
  cue("payee", String.raw`payee|beneficiary|creditor|pay to|remit to|transfer to|pay into|beneficiario|acreedor|ingresar en|transferencia a|Zahlungsempf[äa]nger|Empf[äa]nger|Beg[üu]nstigter|b[ée]n[ée]ficiaire|cr[ée]ancier|creditore|benefici[áa]rio|credor|begunstigde|schuldeiser|beneficiari`),
];

/** Tax words that qualify an amount ("plus VAT", "IVA incluido", "zzgl. MwSt.", "hors TVA") rather than name it. */
export const qualifierBefore =
  /(?:^|[^\p{L}])(?:plus|más|mas|excl\.?|excluding|including|incl\.?|sin|con|without|with|zzgl\.?|zuz[üu]glich|inkl\.?|einschlie[ßs]lich|ohne|mit|hors|avec|sans|y compris|pi[ùu]|oltre|escluso|esclusa|incluso|inclusa|mais|acrescido de|com|sem|exclusief|inclusief|met|zonder|amb|sense)\s*$|\+\s*$/iu;
export const qualifierAfter = /^\s*(?:incluido|incluida|included|not included|excluded|excluido|aparte|inbegriffen|inklusive|compris|comprise|incluse?|esclusa|inclusa|inclu[íi]do|exclu[íi]do|inbegrepen|incl[òo]s)/iu;

/**
 * Words that join a value to a second thing rather than name it: in "an allowance of €45 paid with the salary" the
 * salary is what the allowance is paid with, not what €45 is. A cue after the value with one of these, or a `;` or
 * `:` that starts another clause ("Loyer : 1 200 € ; dépôt de garantie : …"), between does not count.
 */
export const linkerBetween =
  /[;:]|(?:^|[^\p{L}])(?:with|together|along|alongside|and|plus|besides|in addition|on top|as well as|con|junto|adem[aá]s|y|mit|zusammen|neben|und|avec|en plus|et|insieme|oltre|e|com|al[ée]m|met|samen|naast|en|amb|juntament|a m[ée]s|i)(?![\p{L}])/iu;
