/**
 * The deterministic screen of harmful requests (service-interface.md, checks: "Harmful requests"). It runs before
 * any model, so the obvious forgeries, impersonations and credential-harvesting pages are refused without one and
 * without cost; what it is unsure of is flagged for review, and everything else passes to the judge model.
 *
 * A refusal costs the caller a document, so the rules ask for clear intent: a forging word right next to an
 * official paper, a page that asks for someone's password or card, a named bank or authority to write as. Talking
 * ABOUT these things (a report on phishing, how to spot fake invoices) is not a request to do them.
 *
 * Performance: every pattern is compiled once, starts with a literal word and has only bounded gaps, so one scan
 * is linear in the text; pairs of terms are matched on hit lists with a bounded window, never by regex search
 * across the whole prompt (up to 8000 characters).
 */

export interface ScreenVerdict {
  verdict: "refuse" | "review" | "pass";
  /** Short English phrases saying what was matched, for the report and the refusal message. */
  reasons: string[];
}

interface Span {
  start: number;
  end: number;
}

interface Finding {
  level: "refuse" | "review";
  reason: string;
  /** Where the finding is, so a preceding "how to detect …" can soften it; absent for whole-text findings. */
  span?: Span;
}

// --- text ------------------------------------------------------------------------------------------------

/**
 * Lower case without diacritics, one UTF-16 unit per unit so spans index the original too. NFC first, so a
 * decomposed "é" is one unit before its accent is dropped.
 */
function fold(text: string): string {
  const composed = text.normalize("NFC");
  let out = "";
  for (let i = 0; i < composed.length; i++) {
    const ch = composed[i]!;
    const code = ch.charCodeAt(0);
    if (code < 128) {
      out += ch.toLowerCase();
      continue;
    }
    if (code >= 0xd800 && code <= 0xdfff) {
      out += " ";
      continue;
    }
    if (ch === "’" || ch === "‘") {
      out += "'";
      continue;
    }
    const plain = ch.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    out += plain.length >= 1 ? plain[0] : " ";
  }
  return out;
}

/** Builds a whole-word alternation; a space in a term matches any run of white space. */
function terms(...alternatives: string[]): RegExp {
  return new RegExp(`\\b(?:${alternatives.join("|").replace(/ /g, "\\s+")})\\b`, "g");
}

/** A ceiling on hits per term list, so a prompt of nothing but trigger words stays cheap. */
const maxHits = 2000;

function hits(pattern: RegExp, text: string): Span[] {
  const found: Span[] = [];
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  while (found.length < maxHits && (match = pattern.exec(text)) !== null) {
    if (match[0].length === 0) {
      pattern.lastIndex++;
      continue;
    }
    found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** Counts sentence ends before each index, so "same sentence" is one subtraction. */
function sentenceIndex(text: string): Int32Array {
  const before = new Int32Array(text.length + 1);
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const next = text[i + 1];
    const ends = ch === "\n" || ch === ";" || ((ch === "." || ch === "!" || ch === "?") && (next === undefined || /\s/.test(next)));
    before[i + 1] = before[i]! + (ends ? 1 : 0);
  }
  return before;
}

interface Scan {
  text: string;
  sentences: Int32Array;
  cache: Map<RegExp, Span[]>;
}

function all(scan: Scan, pattern: RegExp): Span[] {
  let found = scan.cache.get(pattern);
  if (!found) {
    found = hits(pattern, scan.text);
    scan.cache.set(pattern, found);
  }
  return found;
}

function sameSentence(scan: Scan, from: number, to: number): boolean {
  return scan.sentences[Math.min(to, scan.text.length)]! - scan.sentences[Math.max(from, 0)]! === 0;
}

/**
 * Words that, between two terms, show they belong to different phrases ("documento sobre noticias falsas", "fake
 * news document", "our bank"): prepositions, conjunctions, what is commonly fake without fraud, and "our".
 */
const breakers =
  /\b(?:about|on|for|with|and|or|but|to|sobre|acerca|para|con|y|o|pero|que|that|which|como|how|news|noticias|data|datos|reviews?|resenas?|profiles?|perfiles?|accounts?|cuentas?|names?|nombres?|followers|seguidores|our|nuestr[oa]s?|we|nosotros)\b/;

interface PairOptions {
  /** Characters allowed between the two terms. */
  gap: number;
  /** `a` must come first; otherwise either order. */
  ordered?: boolean;
  /** At most this many words between, none of them a `breakers` word: the terms form one noun phrase. */
  tightWords?: number;
  /** Nothing between may match this (a clause of its own: "asks staff to change their password"). */
  notBetween?: RegExp;
}

/** Pairs of an `a` hit and a `b` hit close together in one sentence, as the span covering both. */
function pairs(scan: Scan, a: RegExp, b: RegExp, options: PairOptions): Span[] {
  const as = all(scan, a);
  const bs = all(scan, b);
  const found: Span[] = [];
  let low = 0;
  for (const x of as) {
    while (low < bs.length && bs[low]!.end < x.start - options.gap) low++;
    for (let j = low; j < bs.length && bs[j]!.start <= x.end + options.gap; j++) {
      const y = bs[j]!;
      if (options.ordered && y.start < x.end) continue;
      const start = Math.min(x.start, y.start);
      const end = Math.max(x.end, y.end);
      const gapFrom = y.start >= x.end ? x.end : y.end;
      const gapTo = y.start >= x.end ? y.start : x.start;
      if (gapTo - gapFrom > options.gap || !sameSentence(scan, start, end - 1)) continue;
      if (options.tightWords !== undefined && gapTo > gapFrom) {
        const between = scan.text.slice(gapFrom, gapTo);
        const words = between.split(/[\s'-]+/).filter((w) => w !== "");
        if (words.length > options.tightWords || breakers.test(between) || /[,:()]/.test(between)) continue;
      }
      if (options.notBetween && options.notBetween.test(scan.text.slice(gapFrom, gapTo))) continue;
      found.push({ start, end });
      if (found.length >= 50) return found;
    }
  }
  return found;
}

// --- vocabulary (folded: lower case, no accents) ------------------------------------------------------------

/** Verbs and adjectives of making a forgery: with any paper, clear intent. */
const forgeAct = terms(
  "forge", "forged", "forging", "counterfeit", "counterfeited", "counterfeiting", "falsify", "falsified", "falsifying",
  "doctored", "doctor", "tampered with", "fraudulent",
  "falsificar", "falsifica", "falsifique", "falsifiques", "falsificame", "falsificalo", "falsificala", "falsificado",
  "falsificada", "falsificados", "falsificadas", "falsificando", "fraudulento", "fraudulenta", "fraudulentos",
  "fraudulentas", "amanado", "amanada", "amanados", "amanadas", "manipulado", "manipulada", "trucado", "trucada",
);

/** "Fake" and kin: they also describe test data and props, so they count only inside one noun phrase. */
const forgeWord = terms(
  "fake", "fakes", "false", "phony", "phoney", "bogus", "sham", "falso", "falsa", "falsos", "falsas", "trucho",
  "trucha", "truchos", "truchas", "apocrifo", "apocrifa", "fictitious", "ficticio", "ficticia", "ficticios", "ficticias",
);

/** Nouns of the topic: someone writing about forgery uses these. */
const forgeTopic = terms("forgery", "forgeries", "falsificacion", "falsificaciones", "document fraud", "fraude documental");

const identityDocs = terms(
  "passports?", "id cards?", "ids", "id", "identity cards?", "identity documents?", "national id", "driver'?s licen[cs]es?",
  "drivers licen[cs]es?", "driving licen[cs]es?", "licen[cs]es?", "visas?", "residence permits?", "work permits?",
  "green cards?", "social security cards?", "birth certificates?", "death certificates?", "marriage certificates?",
  "pasaportes?", "dni", "nie", "documentos? de identidad", "documentos? nacional de identidad", "cedulas?",
  "carne de conducir", "carnet de conducir", "carnets? de identidad", "permisos? de (?:conducir|residencia|trabajo)",
  "licencias? de conducir", "tarjetas? de residencia", "visados?", "partidas? de nacimiento", "libro de familia",
  "certificados? de (?:nacimiento|defuncion|matrimonio|empadronamiento|antecedentes penales)",
);

const financialDocs = terms(
  "payslips?", "pay slips?", "pay stubs?", "paystubs?", "salary slips?", "wage slips?", "salary certificates?",
  "bank statements?", "account statements?", "tax returns?", "tax certificates?", "utility bills?",
  "proof of (?:income|address|funds|employment)", "employment (?:letters?|certificates?|verifications?)",
  "bank (?:letters?|certificates?|references?)", "invoices?", "receipts?", "cheques?", "checks",
  "nominas?", "recibos?", "recibos? de (?:sueldo|salario|nomina)", "certificados? de (?:empresa|ingresos|retenciones|salario|haberes)",
  "extractos?(?: bancarios?| de (?:la )?cuenta)?", "certificados? bancarios?", "certificados? de titularidad",
  "declaracion(?:es)? de (?:la )?renta", "vida laboral", "facturas?", "justificantes?", "pagares?", "albaranes?",
);

const credentialDocs = terms(
  "diplomas?", "degrees?", "degree certificates?", "transcripts?", "academic records?", "certificates?",
  "medical (?:notes?|certificates?|reports?|records?)", "doctor'?s notes?", "sick notes?", "prescriptions?",
  "vaccination (?:cards?|certificates?|records?)", "police (?:reports?|records?|certificates?)",
  "criminal record (?:checks?|certificates?)", "court (?:orders?|rulings?)", "deeds?", "wills?", "testaments?",
  "signatures?", "stamps?", "seals?", "letterheads?", "official documents?", "documents?", "documentation", "paperwork",
  "titulos?", "certificados?", "certificaciones?", "expedientes? academicos?", "bajas? medicas?", "partes? de baja",
  "recetas?", "informes? medicos?", "denuncias?", "sentencias?", "escrituras?", "testamentos?", "actas? notariales?",
  "poderes? notariales?", "firmas?", "sellos?", "membretes?", "documentos?", "documentacion", "papeles oficiales",
);

/** Papers a fake of which is as often a joke or a prop as a fraud. */
const casualDocs = terms(
  "letters?", "papers?", "tickets?", "vouchers?", "coupons?", "gift cards?", "money", "banknotes?", "bank notes?", "bills",
  "cartas?", "papeles?", "entradas?", "vales?", "cupones?", "dinero", "billetes?",
);

const officialPapers = [identityDocs, financialDocs, credentialDocs] as const;
const forgedReason = new Map<RegExp, string>([
  [identityDocs, "a forged identity document"],
  [financialDocs, "a forged financial document (payslip, statement, invoice or receipt)"],
  [credentialDocs, "a forged certificate, signature or official document"],
]);

/** Institutions: writing as one of them, or on their paper, is what a forgery claims. */
const institutionWords = [
  "ministry", "ministerio", "government", "gobierno", "police", "policia", "guardia civil", "mossos", "ertzaintza",
  "tax agency", "tax office", "agencia tributaria", "hacienda", "aeat", "seguridad social", "social security", "irs",
  "hmrc", "dgt", "sepe", "dvla", "dmv", "uscis", "home office", "nhs", "court", "tribunal", "juzgado", "embassy",
  "embajada", "consulado", "consulate", "ayuntamiento", "city hall", "town hall", "registro civil", "notary", "notario",
  "notaria", "university", "universidad", "bank", "banco", "customs", "aduanas", "fbi", "europol", "interpol",
];
const institution = terms(...institutionWords);

/** Companies phishing pretends to be. */
const brandWords = [
  "paypal", "amazon", "apple", "icloud", "microsoft", "office 365", "outlook", "google", "gmail", "facebook",
  "instagram", "whatsapp", "netflix", "spotify", "ebay", "dhl", "fedex", "ups", "usps", "correos", "seur", "royal mail",
  "santander", "bbva", "caixabank", "la caixa", "bankinter", "sabadell", "ing", "unicaja", "kutxabank", "abanca",
  "ibercaja", "openbank", "revolut", "n26", "chase", "wells fargo", "bank of america", "citibank", "hsbc", "barclays",
  "lloyds", "natwest", "mastercard", "american express", "amex", "coinbase", "binance", "endesa", "iberdrola",
  "naturgy", "movistar", "vodafone", "telefonica", "renfe", "iberia", "booking", "airbnb", "linkedin", "docusign",
  "dropbox", "adobe",
];
/** Whom only a deceiver writes as: "the CEO" to the accounts team is the classic fraud. */
const superiorWords = ["ceo", "director general", "my boss", "mi jefe", "mi jefa"];
const impersonationTarget = terms(...institutionWords, ...brandWords, ...superiorWords);
/** A brand as itself, not "an Amazon customer" (a role anyone may play). */
const brandTarget = new RegExp(
  `\\b(?:${brandWords.join("|").replace(/ /g, "\\s+")})\\b(?!'?s?\\s+(?:customers?|clients?|users?|employees?|sellers?|drivers?|fans?|shoppers?|clientes?|usuari[oa]s?|emplead[oa]s?|vendedor(?:es)?|repartidor(?:es)?))`,
  "g",
);

// --- forgery phrases ---------------------------------------------------------------------------------------

/** Made to look issued by someone: the whole point is that it was not. */
const issuedBy = [
  /\b(?:look|looks|looking|appear|appears|seem|seems)\s+(?:like|as\s+if|as\s+though)\b[^.!?;\n]{0,30}?\b(?:issued|signed|stamped|certified|sealed)\s+by\b/g,
  /\bas\s+(?:if|though)\s+(?:it|they|this)\s+(?:was|were|had\s+been|has\s+been)\s+(?:issued|signed|stamped|certified)\b/g,
  /\bpass(?:es|ing)?\s+(?:it\s+|them\s+)?(?:off\s+)?as\s+(?:an?\s+)?(?:official|real|genuine|authentic|legitimate|original)\b/g,
  /\bcomo\s+si\s+(?:lo\s+|la\s+|los\s+|las\s+)?(?:hubiera|hubiese|hubieran|hubiesen)\s+(?:emitido|expedido|firmado|sellado)\b/g,
  /\bque\s+parezcan?\s+(?:emitid|expedid|firmad|sellad)[oa]s?\b/g,
  /\bque\s+parezcan?\s+que\s+(?:lo\s+|la\s+)?(?:ha|han|hubiera|hubiese)\s+(?:emitido|expedido|firmado|sellado)\b/g,
  /\bpasar\s+por\s+(?:un\s+|una\s+)?(?:documento\s+)?(?:oficial|autentic[oa]|verdader[oa]|original)\b/g,
];

/** "Make it look official": a forgery with an official paper or institution named, a doubt without. */
const looksOfficial = [
  /\b(?:look|looks|appear|appears|seem|seems)\s+(?:\w+\s+){0,2}?(?:official|real|genuine|authentic|legit|legitimate)\b/g,
  /\bque\s+(?:parezca|parezcan|se\s+vea|se\s+vean|luzca|luzcan)\s+(?:\w+\s+){0,2}?(?:oficial|oficiales|autentic[oa]s?|real|reales|original|originales|verdader[oa]s?|legitim[oa]s?)\b/g,
];

/** Someone else's paper used by a caller who says they are not them. */
const letterheadNotOurs = [
  /\b(?:membrete|logo|logotipo|sello|firma)\s+(?:de|del)\b[^.!?;\n]{0,60}?\bsin\s+(?:ser|que\s+(?:lo\s+)?(?:sepa|sepan|seamos|sea|sean|trabaje|trabajemos)|su\s+(?:permiso|autorizacion|consentimiento))\b/g,
  /\b(?:letterhead|logo|seal|stamp|signature)\b[^.!?;\n]{0,60}?\b(?:without\s+(?:being|their|his|her|its)|even\s+though\s+(?:i|we)|though\s+(?:i|we)\s+(?:am|are|'m|'re)\s+not|(?:i|we)\s+(?:am|are|'m|'re)\s+not\s+(?:them|from|with|part|employed|an?\s+employee))\b/g,
];
const otherLetterhead = /\b(?:(?:on|with)\s+(?:the\s+)?(?:letterhead|logo|seal|stamp)\s+of|con\s+(?:el\s+|la\s+)?(?:membrete|logo|logotipo|sello)\s+(?:de|del))\b/g;

/** A paper that vouches for the caller: "… saying I earn", "… que diga que gano". */
const selfClaim =
  /\b(?:saying|stating|showing|proving|certifying|that\s+(?:says|shows|states|proves)|which\s+(?:says|shows|states)|to\s+(?:show|prove))\s+(?:that\s+)?(?:i|i'm|i've|my|we|we're|our|me)\b|\bque\s+(?:diga|digan|ponga|pongan|indique|indiquen|muestre|muestren|demuestre|acredite|certifique|refleje|figure|conste|aparezca)\s+(?:que\s+)?(?:yo|mi|mis|gano|cobro|tengo|soy|he|estoy|estuve|trabajo|me|nos|nuestro|nuestra)\b/g;

/** Papers that vouch for a person's income, studies, health or record; invoices and plain certificates do not. */
const vouchingPapers = terms(
  "payslips?", "pay slips?", "pay stubs?", "paystubs?", "salary slips?", "wage slips?", "salary certificates?",
  "bank statements?", "account statements?", "tax returns?", "proof of (?:income|address|funds|employment)",
  "employment (?:letters?|certificates?|verifications?)", "bank (?:letters?|certificates?|references?)",
  "diplomas?", "degrees?", "degree certificates?", "transcripts?", "academic records?",
  "medical (?:notes?|certificates?|reports?|records?)", "doctor'?s notes?", "sick notes?",
  "vaccination (?:cards?|certificates?|records?)", "police (?:records?|certificates?)", "criminal record (?:checks?|certificates?)",
  "nominas?", "recibos? de (?:sueldo|salario|nomina)", "certificados? de (?:empresa|ingresos|retenciones|salario|haberes|estudios|notas|vacunacion|penales|antecedentes)",
  "extractos? bancarios?", "extractos? de (?:la )?cuenta", "certificados? bancarios?", "declaracion(?:es)? de (?:la )?renta",
  "vida laboral", "titulos? (?:universitarios?|academicos?|oficiales?)", "expedientes? academicos?",
  "certificados? medicos?", "justificantes? medicos?", "bajas? medicas?", "partes? de baja", "informes? medicos?",
);

/** An identity paper made out for a person. */
const madeOutFor =
  /\b(?:in\s+the\s+name\s+of|with\s+(?:my|his|her|their|someone\s+else'?s)\s+(?:photo|picture|name|details|data)|a\s+nombre\s+de|con\s+(?:mi|su|la)\s+(?:foto|fotografia|nombre|datos))\b/g;

const lenderPurpose = terms(
  "mortgage", "loan", "landlord", "rental application", "visa application", "hipoteca", "prestamo", "credito",
  "casero", "arrendador", "alquiler", "solicitud de visado",
);

const templateWord = terms(
  "templates?", "blank", "specimens?", "samples?", "mock", "mock-?ups?", "dummy", "replicas?", "plantillas?",
  "modelos? de", "muestras?", "especimen", "maquetas?", "formatos? de", "en blanco", "de ejemplo", "ejemplos? de",
  "(?<!for\\s)examples?",
);
// Invoices, receipts and certificates are everyday business templates: only papers that vouch for a person's
// identity, income or health are doubtful as blanks.
const templatedPapers = terms(
  "passports?", "id cards?", "identity cards?", "identity documents?", "driver'?s licen[cs]es?", "driving licen[cs]es?",
  "visas?", "residence permits?", "payslips?", "pay slips?", "pay stubs?", "bank statements?",
  "diplomas?", "transcripts?", "medical (?:notes?|certificates?)", "sick notes?",
  "pasaportes?", "dni", "nie", "documentos? de identidad", "carnets? de conducir", "carne de conducir", "permisos? de (?:conducir|residencia)",
  "nominas?", "extractos? bancarios?", "diplomas?", "titulos?", "bajas? medicas?",
);

// --- impersonation -----------------------------------------------------------------------------------------

/** Writing as someone else to deceive: doubtful even without a named target. */
const impersonate = terms(
  "impersonat(?:e|es|ed|ing|ion)", "pose as", "posing as", "masquerad(?:e|es|ing) as", "spoof(?:s|ed|ing)?",
  "(?:hazte|hacerse|hacerte|haciendote|haciendose|hacernos|haciendonos|hazlo|hazla|hacerlo|hacerla|hagase) pasar por",
  "suplant(?:a|ar|ando|ame|e|en|acion)",
);
/** "As if it came from …", "como si fuera …": everyday phrases ("explain it as if I were five") until a bank follows. */
const writtenAs = terms(
  "as (?:if|though) (?:it|this|they|the \\w+) (?:came|come|comes|was sent|were sent|is from|was from|were from)(?: from)?",
  "(?:appear|appears|look|looks|seem|seems) (?:to come from|to be from|to be sent by|like it (?:came|comes|is|was) from|to have been sent by)",
  "como si (?:lo |la )?(?:fuera|fueras|fueramos|fuese|enviara|enviase|mandara|escribiera|viniera)(?: de| del| desde)?",
  "que parezca (?:que (?:lo |la )?(?:envia|manda|escribe|viene de|es de)|enviad[oa] por|escrit[oa] por|de parte de)",
);
/** Role-play words: "pretend to be an HR manager" is a prompt style; only a named bank or authority makes it fraud. */
const rolePlay = terms("pretend(?:s|ing)? to be", "(?:finge|fingir|fingiendo|finja|finjas) (?:ser|que eres|que es|que somos)");

// --- credentials ---------------------------------------------------------------------------------------------

const askFor = terms(
  "ask(?:s|ing)? (?:\\w+ ){0,2}?for", "ask(?:s|ing)? (?:\\w+ ){0,2}?to (?:enter|type|provide|submit|confirm|give|share|send)",
  "request(?:s|ing)?", "collect(?:s|ing)?", "captur(?:e|es|ing)", "harvest(?:s|ing)?", "steal(?:s|ing)?",
  "gather(?:s|ing)?", "(?:enter|type|input|submit|provide|confirm|verify)(?:s|ing)? (?:in )?(?:their|your|his|her|the)",
  "(?:where|so) (?:they|users|visitors|people|customers|clients|employees) (?:can )?(?:enter|type|put|give|submit)",
  "(?:fields?|inputs?|boxes|box) (?:for|with|asking)", "form (?:with|for|asking|that asks|collecting|requesting)",
  "pid(?:e|en|a|an|iendo|ele|eles|ales|ale)", "pedir(?:les|le)?", "solicit(?:a|an|ar|e|en|ando|arles|ando)",
  "recog(?:e|en|er|iendo|ja)", "recopil(?:a|an|ar|e|en|ando)", "captur(?:a|an|ar|e|en|ando)", "rob(?:a|an|ar|e|en|ando)",
  "(?:introduzca|introduzcan|introducir|introduce|introducen|ingrese|ingresen|ingresar|escriba|escriban|confirme|confirmen|verifique|verifiquen|facilite|faciliten|proporcione|proporcionen|envien|envie) (?:su|sus|tu|tus|la|el|los|las)",
  "(?:campos?|casillas?|huecos?) (?:para|de|del|con)", "formulario (?:con|para|que pid(?:e|a))",
  "donde (?:\\w+ )?(?:pongan|metan|introduzcan|escriban|ingresen|den)",
);

/** A secret named as a topic ("password policy", "politica de contrasenas") is not the secret itself. */
const topicAfter =
  "(?!\\s+(?:polic|manager|reset|strength|rule|requirement|guideline|change|expir|rotation|hygiene|best|length|complexity|protection|generator|security|safety|theft|fraud|phishing))";
function secrets(...alternatives: string[]): RegExp {
  return new RegExp(`(?<!politica\\s+de\\s+)\\b(?:${alternatives.join("|").replace(/ /g, "\\s+")})\\b${topicAfter}`, "g");
}

/** Secrets that no page of ours has any business collecting. */
const cardSecrets = secrets(
  "cvv2?", "cvc2?", "security codes?", "card (?:numbers?|details|data|info|information)", "(?:credit|debit) cards?(?: numbers?| details| data| info)?",
  "(?:bank|banking) (?:logins?|credentials|passwords?|details|access)", "online banking(?: (?:logins?|credentials|passwords?|details))?",
  "(?:one-?time|2fa|two-factor|verification|sms) (?:codes?|passwords?)", "otp", "seed phrases?", "recovery phrases?", "private keys?",
  "codigos? (?:de seguridad|de verificacion|sms|secretos?)", "numeros? de (?:la |su |tu )?tarjetas?", "datos de (?:la |su |tu )?tarjetas?",
  "tarjetas? de (?:credito|debito)", "banca (?:online|en linea|electronica|digital)", "fecha de caducidad", "frase semilla",
  "claves? bancarias?",
);
/** Secrets that a page might legitimately ask for when it is its own gate ("a password to see the results"). */
const loginSecrets = secrets(
  "passwords?", "passcodes?", "pin(?: codes?| numbers?)?", "login (?:details|credentials|info|data)", "credentials",
  "usernames? and passwords?", "contrasenas?", "claves? (?:de acceso|secretas?|personal(?:es)?|pin)", "pin", "credenciales",
  "usuarios? y contrasenas?",
);
const indefinite = /\b(?:a|an|un|una|some|unas?)\s+$/;
/** Between the asking and the secret: a clause of its own ("asks staff to change their password"). */
const ownClause = /\b(?:que|to|cambi\w*|change|reset|restablec\w*|renew|renov\w*|actualic\w*|update|olvid\w*|forg[oe]t\w*)\b/;
/** "Never enter your password …": the advice, not the ask. */
const negatedAsk = /\b(?:never|not|don't|do not|no|nunca|jamas)\s+(?:\w+\s+){0,2}$/;

const personalIds = terms(
  "id numbers?", "passport numbers?", "national insurance numbers?", "social security numbers?", "ssn", "tax ids?",
  "dates? of birth", "bank account numbers?", "iban", "dni", "nie", "nif", "pasaporte", "numeros? de (?:la )?seguridad social",
  "fechas? de nacimiento", "numeros? de cuenta", "documento de identidad", "numeros? de pasaporte",
);

/** Where personal data is typed in: a form naming ID numbers collects them even without an asking verb. */
const formWord = terms("forms?", "formularios?", "sign-?ups?", "registration", "inscripcion", "alta", "campos?", "fields?", "surveys?", "encuestas?");

const loginPage = terms(
  "log(?:-|\\s)?in (?:page|screen|form|portal|site|website)", "sign(?:-|\\s)?in (?:page|screen|form|portal|site|website)",
  "(?:pagina|pantalla|formulario|portal|web) de (?:inicio de sesion|login|acceso|entrada)",
);
const lookalike = terms(
  "looks? like", "appears? like", "identical to", "similar to", "copy of", "clone of", "replica of", "mimic(?:s|king)?",
  "imitat(?:e|es|ing)", "que parezca", "que se parezca", "que imite", "que copie", "igual (?:a|al|que)", "identica a",
  "copia de", "clon de", "imitando", "similar a",
);

// --- talking about it -----------------------------------------------------------------------------------------

/** Just before a match, these turn a request to do it into one to teach about it. */
const teachingCue = terms(
  "detect(?:s|ing|ion)?", "spot(?:ting)?", "recogni[sz](?:e|es|ing)", "identify(?:ing)?", "avoid(?:ing)?",
  "prevent(?:s|ing|ion)?", "combat(?:ing)?", "fight(?:ing)? against", "protect(?:s|ing|ion)?", "awareness", "warn(?:s|ing)?",
  "beware", "how to tell", "red flags", "risks? of", "dangers? of",
  "detectar(?:las|los)?", "reconocer(?:las|los)?", "identificar(?:las|los)?", "evitar", "prevenir", "prevencion",
  "combatir", "luchar contra", "protegerse", "protegernos", "concienciar", "concienciacion", "sensibilizacion",
  "alerta(?:r)?", "avisar", "riesgos?", "peligros?", "senales de", "como distinguir",
);
/** Documents about a subject: the topic may be harmful, the document is not, so a person looks. */
const topicCue = terms(
  "report", "article", "essay", "presentation", "talk", "course", "lesson", "training", "workshop", "policy", "guide",
  "summary", "analysis", "research", "study", "history", "quiz", "simulation",
  "informe", "articulo", "ensayo", "presentacion", "charla", "curso", "leccion", "formacion", "taller", "politica",
  "guia", "resumen", "analisis", "estudio", "historia", "cuestionario", "simulacro",
);

function cueBefore(scan: Scan, cue: RegExp, span: Span, window: number): boolean {
  for (const hit of all(scan, cue)) {
    if (hit.start >= span.start) return false;
    if (hit.end <= span.start && span.start - hit.end <= window && sameSentence(scan, hit.start, span.start)) return true;
  }
  return false;
}

// --- rules ----------------------------------------------------------------------------------------------------

function everyMatch(scan: Scan, patterns: readonly RegExp[]): Span[] {
  return patterns.flatMap((p) => all(scan, p));
}

function findings(scan: Scan): Finding[] {
  const found: Finding[] = [];
  const add = (level: Finding["level"], reason: string, spans: Span[]) => {
    for (const span of spans) found.push({ level, reason, span });
  };

  // Forgeries.
  for (const papers of officialPapers) {
    const reason = forgedReason.get(papers)!;
    add("refuse", reason, pairs(scan, forgeAct, papers, { gap: 60 }));
    add("refuse", reason, pairs(scan, forgeWord, papers, { gap: 30, tightWords: 3 }));
    add("review", "writing about forging documents", pairs(scan, forgeTopic, papers, { gap: 60 }));
  }
  add("review", "a fake letter, ticket, voucher or money", pairs(scan, forgeWord, casualDocs, { gap: 30, tightWords: 3 }));
  add("refuse", "a forged letter, ticket, voucher or money", pairs(scan, forgeAct, casualDocs, { gap: 30, tightWords: 3 }));
  add("refuse", "a document made to look issued by someone else", everyMatch(scan, issuedBy));

  const namesOfficial =
    all(scan, identityDocs).length > 0 || all(scan, financialDocs).length > 0 || all(scan, institution).length > 0;
  add(namesOfficial ? "refuse" : "review", namesOfficial ? "an official paper made to look genuine" : "a document made to look official", everyMatch(scan, looksOfficial));
  add("refuse", "another organisation's letterhead, logo or seal used by someone who is not them", everyMatch(scan, letterheadNotOurs));
  add("review", "another organisation's letterhead, logo or seal", pairs(scan, otherLetterhead, institution, { gap: 40, ordered: true }));

  add("refuse", "an identity document made out for a person", pairs(scan, identityDocs, madeOutFor, { gap: 60 }));
  for (const papers of [identityDocs, vouchingPapers]) {
    add("refuse", "an official paper vouching for the caller (income, studies, health or identity)", pairs(scan, papers, selfClaim, { gap: 80, ordered: true }));
  }
  add("review", "a financial document for a lender or landlord", pairs(scan, vouchingPapers, lenderPurpose, { gap: 80 }));
  add("review", "a template or specimen of an official document", pairs(scan, templateWord, templatedPapers, { gap: 25 }));

  // Impersonation.
  add("refuse", "impersonating a real bank, company or authority", pairs(scan, impersonate, impersonationTarget, { gap: 40, ordered: true }));
  add("refuse", "impersonating a real bank, company or authority", pairs(scan, writtenAs, impersonationTarget, { gap: 20, ordered: true, tightWords: 2 }));
  add("refuse", "impersonating a real company", pairs(scan, rolePlay, brandTarget, { gap: 25, ordered: true, tightWords: 2 }));
  add("review", "writing as someone else", all(scan, impersonate));

  // Credentials.
  const asked = (secret: RegExp) =>
    pairs(scan, askFor, secret, { gap: 50, ordered: true, notBetween: ownClause }).filter(
      (pair) => !negatedAsk.test(scan.text.slice(Math.max(0, pair.start - 30), pair.start)),
    );
  add("refuse", "a page or message asking for card or bank login details", asked(cardSecrets));
  for (const pair of asked(loginSecrets)) {
    const gate = all(scan, loginSecrets).some(
      (s) => s.start >= pair.start && s.end === pair.end && indefinite.test(scan.text.slice(Math.max(0, s.start - 8), s.start)),
    );
    found.push(
      gate
        ? { level: "review", reason: "a page asking for a password", span: pair }
        : { level: "refuse", reason: "a page or message asking for someone's password or PIN", span: pair },
    );
  }
  add("refuse", "a login page imitating another site", pairs(scan, loginPage, lookalike, { gap: 30, ordered: true }));
  add("refuse", "a login page of a real bank or company", pairs(scan, loginPage, impersonationTarget, { gap: 30 }));
  add("review", "collecting personal identity data", pairs(scan, askFor, personalIds, { gap: 60, ordered: true }));
  add("review", "collecting personal identity data", pairs(scan, formWord, personalIds, { gap: 60, ordered: true }));

  return found;
}

/** Softens a refusal that sits inside a request to teach about the thing, and drops the "how to spot it" ones. */
function soften(scan: Scan, finding: Finding): Finding | null {
  if (!finding.span) return finding;
  if (cueBefore(scan, teachingCue, finding.span, 40)) return null;
  if (finding.level !== "refuse") return finding;
  if (cueBefore(scan, topicCue, finding.span, 80)) return { level: "review", reason: `${finding.reason}, in a document about it` };
  return finding;
}

export const screenRequest = (prompt: string, extra?: { name?: string; style?: string }): ScreenVerdict => {
  // A newline keeps the parts apart: a match never spans the name and the prompt.
  const original = [extra?.name ?? "", prompt, extra?.style ?? ""].join("\n").normalize("NFC");
  const text = fold(original);
  const scan: Scan = { text, sentences: sentenceIndex(text), cache: new Map() };
  const kept = findings(scan)
    .map((f) => soften(scan, f))
    .filter((f): f is Finding => f !== null);
  const verdict = kept.some((f) => f.level === "refuse") ? "refuse" : kept.length > 0 ? "review" : "pass";
  const reasons = [...new Set(kept.filter((f) => f.level === verdict).map((f) => f.reason))];
  return { verdict, reasons };
};
