/**
 * Document type detection: each row is a Markdown text as a caller would send it in content mode
 * and the type it must get. At least three per type in English and in Spanish, a memo, a letter,
 * minutes and a contract in each of the six other languages, then texts that are unclear or mixed,
 * which must fall back to `report`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { detectType, signals } from "../../../core/doctype/detect.ts";
import type { DocType } from "../../../core/ir/types.ts";
import { readMarkdown } from "../../../core/markdown/read.ts";

interface Case {
  name: string;
  given: string;
  want: DocType;
}

const detect = (markdown: string) => detectType(readMarkdown(markdown).ir);

const letters: Case[] = [
  {
    name: "en: complaint letter with address, date, salutation, closing, signature",
    want: "letter",
    given: `Jane Doe
12 High Street, London SW1A 1AA

3 March 2026

Customer Service
ACME Ltd

Dear Sir or Madam,

I am writing to complain about the delivery of order 4471, which arrived damaged on 28 February.

I would be grateful if you could replace the item or refund the amount paid.

Yours faithfully,

Jane Doe`,
  },
  {
    name: "en: short thank-you letter",
    want: "letter",
    given: `Dear Dr. Patel,

Thank you for taking the time to meet with me last week. Your advice on the grant application was invaluable and I have already started revising the budget section.

I look forward to sharing the final version with you.

Kind regards,

Tom Becker`,
  },
  {
    name: "en: offer letter with a title and soft-wrapped closing",
    want: "letter",
    given: `# Offer of Employment

March 1, 2026

Dear Ms. Nguyen,

We are pleased to offer you the position of Data Analyst at Northwind Traders, starting on April 6, 2026.
Your annual salary will be $68,000, paid monthly.

Please confirm your acceptance by signing and returning a copy of this letter.

Sincerely,
Robert Hale
Head of People`,
  },
  {
    name: "es: carta de reclamación",
    want: "letter",
    given: `María López García
Calle Mayor 15, 3º B
28013 Madrid

Madrid, 4 de marzo de 2026

Estimados señores:

Me dirijo a ustedes para reclamar el importe cobrado dos veces en la factura de febrero.

Les ruego que procedan a la devolución a la mayor brevedad.

Atentamente,

María López García`,
  },
  {
    name: "es: carta de agradecimiento",
    want: "letter",
    given: `Estimada Sra. Ruiz:

Quiero agradecerle su colaboración en la jornada de puertas abiertas del pasado sábado. Gracias a su ayuda, más de doscientas familias pudieron conocer el centro.

Esperamos contar con usted en futuras ocasiones.

Un cordial saludo,

Pedro Sánchez Lara
Director`,
  },
  {
    name: "es: carta comercial con asunto",
    want: "letter",
    given: `Sevilla, 10 de enero de 2026

Asunto: Presentación de servicios

Estimado cliente:

Nos complace presentarle nuestra nueva gama de servicios de mantenimiento para comunidades de vecinos, con atención las veinticuatro horas.

Quedamos a su disposición para cualquier consulta.

Sin otro particular, le saluda atentamente,

Lucía Fernández`,
  },
];

const contracts: Case[] = [
  {
    name: "en: services agreement with recitals, clauses and witness",
    want: "contract",
    given: `# Services Agreement

This Services Agreement is entered into by and between ACME Ltd ("the Client") and Beta LLC ("the Provider"), together the Parties.

WHEREAS the Client wishes to engage the Provider to maintain its website;

## Clause 1. Services

The Provider shall maintain the website described in Annex A.

## Clause 2. Fees

The Client shall pay a monthly fee of USD 1,500.

## Clause 3. Governing law

This Agreement shall be governed by the laws of the State of New York.

IN WITNESS WHEREOF, the Parties have executed this Agreement as of the date first written above.

______________________
For and on behalf of ACME Ltd`,
  },
  {
    name: "en: non-disclosure agreement with numbered headings",
    want: "contract",
    given: `# Mutual Non-Disclosure Agreement

The parties agree as follows.

## 1. Definitions

"Confidential Information" (hereinafter, "Information") means any information disclosed by either party.

## 2. Obligations

Each party shall keep the Information secret and shall not disclose it to third parties.

## 3. Term and termination

This agreement lasts two years. Either party may end it by written notice.

Signed: ____________`,
  },
  {
    name: "en: lease with articles",
    want: "contract",
    given: `# Residential Lease

Article 1. The Landlord leases to the Tenant the apartment at 5 Elm Street.

Article 2. The rent is $1,200 per month, payable on the first day of each month.

Article 3. The Tenant shall keep the premises in good condition.

The parties sign this lease in two copies.

By: ______________ (Landlord)

By: ______________ (Tenant)`,
  },
  {
    name: "es: contrato de prestación de servicios",
    want: "contract",
    given: `# Contrato de prestación de servicios

En Madrid, a 1 de marzo de 2026.

## REUNIDOS

De una parte, ACME, S.L., y de otra, Beta Consultores, S.L., en adelante las partes.

## EXPONEN

Que ambas partes desean formalizar el presente contrato con arreglo a las siguientes cláusulas.

## Cláusula primera. Objeto

El prestador se obliga a prestar los servicios de consultoría descritos en el anexo.

## Cláusula segunda. Precio

El cliente abonará 3.000 € mensuales.

Y en prueba de conformidad, las partes firman el presente contrato por duplicado.`,
  },
  {
    name: "es: contrato de arrendamiento",
    want: "contract",
    given: `# Contrato de arrendamiento de vivienda

Las partes acuerdan lo siguiente:

Primera. El arrendador cede al arrendatario el uso de la vivienda sita en la calle Luna 3.

Segunda. La renta será de 900 euros mensuales. El arrendatario se obliga a pagarla en los cinco primeros días de cada mes.

Tercera. El arrendatario se compromete a conservar la vivienda. Deberá comunicar cualquier avería.

Fdo.: El arrendador

Fdo.: El arrendatario`,
  },
  {
    name: "es: acuerdo de confidencialidad con artículos",
    want: "contract",
    given: `# Acuerdo de confidencialidad

## Artículo 1. Información confidencial

Se considera información confidencial toda la que las partes intercambien con motivo del proyecto.

## Artículo 2. Duración

La obligación de confidencialidad durará tres años.

## Artículo 3. Ley aplicable y jurisdicción

El presente acuerdo se rige por la ley española.`,
  },
];

const memos: Case[] = [
  {
    name: "en: memo with MEMORANDUM and header lines",
    want: "memo",
    given: `MEMORANDUM

**To:** All staff
**From:** Operations
**Date:** 2 March 2026
**Subject:** Office closure on Friday

The office will be closed on Friday for electrical works. Please work from home.`,
  },
  {
    name: "en: memo with title and separate field paragraphs",
    want: "memo",
    given: `# Memo

To: Finance team

From: CFO

Subject: Q1 budget freeze

Until further notice, no new purchase orders above $5,000 may be issued without my approval.`,
  },
  {
    name: "en: internal memo, fields in one paragraph",
    want: "memo",
    given: `# Internal Memo: Travel policy

TO: Sales department  
FROM: Human Resources  
DATE: 2026-02-15  
RE: Updated travel policy

From March, economy class is mandatory for flights under six hours.

- Book through the portal
- Keep all receipts`,
  },
  {
    name: "es: memorándum con cabecera",
    want: "memo",
    given: `MEMORÁNDUM

**Para:** Todo el personal
**De:** Dirección
**Fecha:** 3 de marzo de 2026
**Asunto:** Cambio de horario

A partir del lunes, el horario de atención al público será de 9:00 a 15:00.`,
  },
  {
    name: "es: nota interna",
    want: "memo",
    given: `# Nota interna

Para: Departamento de compras

De: Gerencia

Asunto: Proveedores homologados

Solo podrán realizarse pedidos a proveedores incluidos en la lista homologada.`,
  },
  {
    name: "es: memorándum sin etiqueta con cuatro campos",
    want: "memo",
    given: `PARA: Equipo de ventas
DE: Director comercial
FECHA: 12/03/2026
ASUNTO: Objetivos del trimestre

Os recuerdo que los objetivos del trimestre se revisarán en la reunión del día 20.`,
  },
];

const minutes: Case[] = [
  {
    name: "en: board meeting minutes",
    want: "minutes",
    given: `# Minutes of the Board Meeting

Date: 5 March 2026
Location: Room 4
Attendees: A. Smith (chair), B. Jones, C. Lee
Apologies: D. Brown

## Agenda

1. Approval of previous minutes
2. Budget 2026

## Decisions

The budget was approved unanimously.

## Action items

- B. Jones to circulate the final budget by 12 March.`,
  },
  {
    name: "en: team meeting minutes with headings",
    want: "minutes",
    given: `# Weekly team meeting — minutes

## Attendees

- Ana
- Ben
- Chloe

## Discussion

The release slipped by one week because of the payment bug.

## Next steps

- Ben fixes the bug
- Chloe updates the client

## Next meeting

Thursday at 10:00.`,
  },
  {
    name: "en: committee minutes, called to order",
    want: "minutes",
    given: `# Safety Committee

Present: J. Ortiz, K. Meyer, L. Zhao

The meeting was called to order at 14:00.

Agenda: review of incident reports.

Two incidents were reviewed. Both were minor.

Action points: K. Meyer to order new signage.

The meeting was adjourned at 15:10.`,
  },
  {
    name: "es: acta de junta",
    want: "minutes",
    given: `# Acta de la reunión del consejo

Fecha: 5 de marzo de 2026
Lugar: Sala de juntas
Asistentes: Ana Gómez (presidenta), Luis Pérez, Marta Ruiz

## Orden del día

1. Lectura y aprobación del acta anterior
2. Presupuesto 2026

## Acuerdos

Se aprueba el presupuesto por unanimidad.

Se levanta la sesión a las 13:00.`,
  },
  {
    name: "es: acta de comunidad de propietarios",
    want: "minutes",
    given: `# Acta de la junta ordinaria de propietarios

En Valencia, a 2 de febrero de 2026, se reúnen los propietarios con quórum suficiente.

## Asistentes

- Piso 1.º A
- Piso 2.º B

## Orden del día

1. Aprobación de cuentas
2. Ruegos y preguntas

## Acuerdos adoptados

Se aprueban las cuentas del ejercicio.`,
  },
  {
    name: "es: acta de reunión de equipo",
    want: "minutes",
    given: `# Reunión semanal del equipo

Asisten: Carmen, Jorge, Irene

Orden del día: estado del proyecto y vacaciones.

Se revisa el estado del proyecto. Jorge informa de un retraso de una semana.

Acciones: Irene enviará el calendario de vacaciones.

Próxima reunión: martes a las 9:30.`,
  },
];

const presentations: Case[] = [
  {
    name: "en: pitch deck outline",
    want: "presentation",
    given: `# Northwind: Series A

## The problem

- Small shops lose 20% of stock to spoilage
- No affordable tracking tools

## Our solution

- Sensor + app
- Alerts before food spoils

## Traction

- 120 paying shops
- 15% month-over-month growth

## The ask

- $3M to expand to Spain
- 18 months of runway

## Questions?

- hello@northwind.example`,
  },
  {
    name: "en: training session slides",
    want: "presentation",
    given: `# Security awareness training

## Agenda

- Phishing
- Passwords
- Reporting

## Phishing

- Check the sender
- Hover before you click
- When in doubt, report

## Passwords

- Use a password manager
- Turn on two-factor authentication

## Key takeaways

- Think before you click
- Report anything odd`,
  },
  {
    name: "en: quarterly review slides",
    want: "presentation",
    given: `# Q1 review

## Highlights

- Revenue up 12%
- Two new clients
- Churn down to 3%

## Challenges

- Hiring is slow
- Server costs grew

## Priorities for Q2

- Launch the mobile app
- Hire two engineers

## Thank you`,
  },
  {
    name: "es: presentación comercial",
    want: "presentation",
    given: `# Presentación de producto

## El problema

- Las pymes pierden horas en facturar
- Errores en el IVA

## Nuestra solución

- Facturación automática
- Conexión con el banco

## Precios

- Plan básico: 9 € al mes
- Plan pro: 29 € al mes

## Próximos pasos

- Prueba gratuita de 30 días
- Demo personalizada

## Gracias`,
  },
  {
    name: "es: diapositivas de formación",
    want: "presentation",
    given: `# Formación en prevención de riesgos

## Objetivos

- Conocer los riesgos del puesto
- Saber actuar en caso de emergencia

## Riesgos principales

- Caídas al mismo nivel
- Sobreesfuerzos
- Contactos eléctricos

## Equipos de protección

- Calzado de seguridad
- Guantes

## Preguntas

- ¿Dudas?`,
  },
  {
    name: "es: resultados trimestrales en viñetas",
    want: "presentation",
    given: `# Resultados del primer trimestre

## Cifras clave

- Ventas: +8 %
- Margen: 22 %
- Clientes nuevos: 40

## Lo que ha funcionado

- Campaña de enero
- Nuevo canal online

## Lo que hay que mejorar

- Plazos de entrega
- Atención telefónica

## Ideas clave

- Mantener la inversión en el canal online`,
  },
];

const spreadsheets: Case[] = [
  {
    name: "en: monthly sales table",
    want: "spreadsheet",
    given: `# Sales 2025

| Month | Units | Revenue | Margin |
|---|--:|--:|--:|
| January | 120 | 14,400 | 22% |
| February | 135 | 16,200 | 23% |
| March | 150 | 18,000 | 24% |
| April | 110 | 13,200 | 21% |`,
  },
  {
    name: "en: budget with two tables",
    want: "spreadsheet",
    given: `# Budget 2026

| Item | Q1 | Q2 | Q3 | Q4 |
|---|--:|--:|--:|--:|
| Salaries | 50,000 | 50,000 | 52,000 | 52,000 |
| Rent | 6,000 | 6,000 | 6,000 | 6,000 |
| Marketing | 4,000 | 8,000 | 3,000 | 9,000 |

| Total | Amount |
|---|--:|
| Year | 254,000 |
| Monthly average | 21,167 |`,
  },
  {
    name: "en: price list",
    want: "spreadsheet",
    given: `| SKU | Product | Price | Stock |
|---|---|--:|--:|
| A-100 | Widget | $4.50 | 1200 |
| A-200 | Gadget | $7.25 | 300 |
| A-300 | Gizmo | $12.00 | 85 |
| A-400 | Doohickey | $2.10 | 4000 |`,
  },
  {
    name: "es: tabla de gastos",
    want: "spreadsheet",
    given: `# Gastos de febrero

| Concepto | Importe | IVA | Total |
|---|--:|--:|--:|
| Alquiler | 1.200,00 € | 252,00 € | 1.452,00 € |
| Luz | 180,50 € | 37,91 € | 218,41 € |
| Internet | 45,00 € | 9,45 € | 54,45 € |`,
  },
  {
    name: "es: inventario",
    want: "spreadsheet",
    given: `# Inventario del almacén

| Referencia | Unidades | Coste unitario | Valor |
|---|--:|--:|--:|
| T-01 | 40 | 3,20 | 128,00 |
| T-02 | 15 | 9,90 | 148,50 |
| T-03 | 200 | 0,45 | 90,00 |
| T-04 | 8 | 120,00 | 960,00 |

Datos a 31 de enero.`,
  },
  {
    name: "es: notas de alumnos",
    want: "spreadsheet",
    given: `| Alumno | Matemáticas | Lengua | Inglés | Media |
|---|--:|--:|--:|--:|
| Ana | 8,5 | 7 | 9 | 8,2 |
| Bruno | 6 | 6,5 | 7 | 6,5 |
| Carla | 9 | 8 | 8,5 | 8,5 |`,
  },
];

const reports: Case[] = [
  {
    name: "en: classic report with sections",
    want: "report",
    given: `# Annual Sustainability Report 2025

## Executive summary

In 2025 the company cut its emissions by 12% compared with 2024, mainly by moving two plants to renewable electricity and by replacing the delivery fleet in three cities with electric vans.

## Methodology

Emissions were measured following the GHG Protocol, scopes 1 and 2, with data from meters and supplier invoices checked by an external auditor in January 2026.

## Conclusions

The targets for 2030 remain within reach if the remaining plants move to renewable supply before 2027 and the fleet renewal continues at the same pace.`,
  },
  {
    name: "es: informe técnico",
    want: "report",
    given: `# Informe de auditoría interna

## Introducción

Este informe recoge los resultados de la auditoría interna realizada en el departamento de compras durante el mes de febrero de 2026, con el fin de comprobar el cumplimiento de los procedimientos aprobados.

## Resultados

Se revisaron ciento veinte expedientes de compra. En once de ellos faltaba la aprobación previa del responsable del área, y en cuatro el proveedor no figuraba en la lista homologada.

## Recomendaciones

Se recomienda bloquear en el sistema los pedidos sin aprobación previa y revisar trimestralmente la lista de proveedores homologados.`,
  },
  {
    name: "en: market analysis",
    want: "report",
    given: `# Market analysis: electric bikes in Spain

## Background

Sales of electric bikes in Spain grew from 200,000 units in 2022 to 310,000 in 2025, driven by city subsidies, new cycle lanes and the rising cost of fuel for short urban trips.

## Findings

Most buyers are between 30 and 50 years old and use the bike to commute. Price is the main barrier: two thirds of people surveyed would buy one if it cost less than 1,500 euros.

- Commuting is the main use
- Price is the main barrier`,
  },
  {
    name: "en: incident review",
    want: "report",
    given: `# Incident review: checkout outage of 14 February

## Summary

Between 10:05 and 11:40 customers could not pay by card. The cause was an expired certificate on the payment gateway, which the monitoring did not flag because the check only covered the main domain.

## Recommendations

Add every certificate to the expiry monitor and renew them automatically thirty days before they expire. Review the runbook so that on-call staff can rotate a certificate without help.`,
  },
  {
    name: "es: estudio de mercado",
    want: "report",
    given: `# Estudio de mercado de la cafetería

## Antecedentes

El barrio ha ganado cerca de tres mil vecinos en los últimos cinco años, la mayoría familias jóvenes que trabajan fuera y buscan lugares donde desayunar antes de llevar a los niños al colegio.

## Conclusiones

Existe demanda suficiente para una cafetería con horario temprano, siempre que el precio del desayuno se mantenga por debajo de la media del centro y se ofrezca una opción para llevar.`,
  },
  {
    name: "es: memoria anual",
    want: "report",
    given: `# Memoria anual de la fundación 2025

## Resumen

Durante 2025 la fundación atendió a más de mil doscientas personas en sus programas de empleo y formación, un quince por ciento más que el año anterior, gracias a dos nuevos convenios con ayuntamientos de la provincia.

## Objetivos para 2026

La fundación se propone abrir una nueva sede en la comarca y duplicar el número de cursos de competencias digitales dirigidos a mayores de cincuenta años.`,
  },
];

/**
 * German, French, Italian, Portuguese, Dutch and Catalan: a memo header, a letter, minutes and a contract each, as a
 * lawyer, analyst or consultant of the country writes them; then texts in those languages whose short words ("De",
 * "A", "Da", "Van") or polite words ("Monsieur …") must not make a memo or a letter of ordinary prose.
 */
const moreLanguages: Case[] = [
  {
    name: "de: Memo mit An/Von/Datum/Betreff",
    want: "memo",
    given: `**An:** Geschäftsführung
**Von:** Rechtsabteilung
**Datum:** 3. März 2025
**Betreff:** Kündigung des Mietvertrags Lager Duisburg

Der Vermieter hat den Mietvertrag fristgerecht zum 30. September 2025 gekündigt. Wir empfehlen, die Verhandlungen über einen neuen Standort sofort aufzunehmen.`,
  },
  {
    name: "de: Geschäftsbrief",
    want: "letter",
    given: `Nordwind Logistik GmbH
Hafenstraße 12, 47119 Duisburg

Duisburg, 3. März 2025

Sehr geehrte Damen und Herren,

vielen Dank für Ihr Angebot vom 24. Februar. Wir nehmen es gern an und bitten um die Zusendung des Vertragsentwurfs bis zum 15. März.

Mit freundlichen Grüßen

Anna Weber
Geschäftsführerin`,
  },
  {
    name: "de: Sitzungsprotokoll",
    want: "minutes",
    given: `# Protokoll der Vorstandssitzung vom 3. März 2025

Datum: 3. März 2025
Ort: Duisburg, Sitzungssaal 2
Anwesend: A. Weber, B. Schmidt, C. Yilmaz
Entschuldigt: D. Novak

## Tagesordnung

1. Jahresabschluss 2024
2. Neues Lager in Nürnberg

## Beschlüsse

Der Jahresabschluss wird einstimmig gebilligt. Die Sitzung wird um 12:30 Uhr geschlossen.`,
  },
  {
    name: "de: Mietvertrag mit Paragraphen",
    want: "contract",
    given: `# Mietvertrag

zwischen der Nordwind Logistik GmbH (im Folgenden „Mieterin“) und der Hafen Immobilien AG (im Folgenden „Vermieterin“) wird folgender Vertrag geschlossen:

## § 1 Mietgegenstand

Die Vermieterin vermietet der Mieterin die Halle 4 am Hafen Duisburg.

## § 2 Miete

Die Mieterin verpflichtet sich, monatlich 18.400 € zu zahlen.

## § 3 Kündigung

Beide Parteien können den Vertrag mit einer Frist von sechs Monaten kündigen. Gerichtsstand ist Duisburg.`,
  },
  {
    name: "fr: note interne À/De/Date/Objet",
    want: "memo",
    given: `NOTE INTERNE

À : Direction générale
De : Service juridique
Date : 3 mars 2025
Objet : Résiliation du bail de l'entrepôt de Vénissieux

Le bailleur a notifié la résiliation du bail pour le 30 septembre 2025. Nous recommandons d'engager sans attendre la recherche d'un nouveau site.`,
  },
  {
    name: "fr: lettre Madame, Monsieur … Je vous prie d'agréer",
    want: "letter",
    given: `Cabinet Morel & Associés
14, rue des Tanneurs, 69002 Lyon

Lyon, le 3 mars 2025

Madame, Monsieur,

Nous accusons réception de votre courrier du 24 février et vous confirmons que le dossier est suivi par notre cabinet. Une réunion pourra être organisée dans les quinze jours.

Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.

Maître Jean Morel`,
  },
  {
    name: "fr: procès-verbal de réunion",
    want: "minutes",
    given: `# Procès-verbal de la réunion du conseil d'administration

Date : 3 mars 2025
Lieu : Lyon, siège social
Présents : Mme Dubois, M. Morel, M. Garnier
Excusés : Mme Lefèvre

## Ordre du jour

1. Comptes de l'exercice 2024
2. Nomination d'un directeur financier

## Décisions

Les comptes sont approuvés à l'unanimité. La séance est levée à 12 h 30.`,
  },
  {
    name: "fr: contrat de prestation",
    want: "contract",
    given: `# Contrat de prestation de services

Entre les soussignés : la société Atelier Morel SARL, ci-après « le Prestataire », et les Éditions du Rhône, ci-après « le Client ».

Il a été convenu ce qui suit :

## Article 1er – Objet

Le Prestataire s'engage à relier 250 exemplaires de l'ouvrage.

## Article 2 – Prix

Le Client s'engage à payer 5 125,00 € HT. Chacune des parties peut résilier le contrat par lettre recommandée.`,
  },
  {
    name: "it: promemoria A/Da/Data/Oggetto",
    want: "memo",
    given: `PROMEMORIA

A: Direzione generale
Da: Ufficio legale
Data: 3 marzo 2025
Oggetto: Disdetta del contratto di locazione del magazzino di Bologna

Il locatore ha comunicato la disdetta per il 30 settembre 2025. Suggeriamo di avviare subito la ricerca di una nuova sede.`,
  },
  {
    name: "it: lettera Gentile … Distinti saluti",
    want: "letter",
    given: `Studio Legale Bianchi
Via Roma 3, 40121 Bologna

Bologna, 3 marzo 2025

Gentile dott.ssa Rossi,

la ringraziamo per la sua lettera del 24 febbraio. Le confermiamo che la pratica è seguita dal nostro studio e che le invieremo la bozza di contratto entro il 15 marzo.

Distinti saluti

Avv. Marco Bianchi`,
  },
  {
    name: "it: verbale di riunione",
    want: "minutes",
    given: `# Verbale della riunione del consiglio di amministrazione

Data: 3 marzo 2025
Luogo: Bologna, sede sociale
Presenti: M. Bianchi, L. Rossi, G. Verdi
Assenti: P. Neri

## Ordine del giorno

1. Bilancio 2024
2. Nomina del direttore finanziario

## Decisioni

Il bilancio è approvato all'unanimità. La seduta è tolta alle 12:30.`,
  },
  {
    name: "it: contratto di locazione",
    want: "contract",
    given: `# Contratto di locazione

Premesso che il locatore è proprietario del magazzino sito in Bologna, le parti contraenti convengono quanto segue.

## Articolo 1 – Oggetto

Il locatore concede in locazione al conduttore il magazzino.

## Articolo 2 – Canone

Il conduttore si impegna a pagare un canone mensile di 18.400 euro. Foro competente è quello di Bologna.`,
  },
  {
    name: "pt: memorando Para/De/Data/Assunto",
    want: "memo",
    given: `MEMORANDO

Para: Administração
De: Departamento Jurídico
Data: 3 de março de 2025
Assunto: Denúncia do contrato de arrendamento do armazém de Setúbal

O senhorio comunicou a denúncia do contrato para 30 de setembro de 2025. Recomendamos iniciar de imediato a procura de novas instalações.`,
  },
  {
    name: "pt: carta Exmos. Senhores … Com os melhores cumprimentos",
    want: "letter",
    given: `Sociedade de Advogados Costa & Silva
Rua Augusta 100, 1100-053 Lisboa

Lisboa, 3 de março de 2025

Exmos. Senhores,

Acusamos a receção da vossa carta de 24 de fevereiro e confirmamos que o processo está a ser acompanhado pelo nosso escritório. Enviaremos a minuta do contrato até 15 de março.

Com os melhores cumprimentos,

Ana Costa`,
  },
  {
    name: "pt: ata da reunião",
    want: "minutes",
    given: `# Ata da reunião do conselho de administração

Data: 3 de março de 2025
Local: Lisboa, sede social
Presentes: A. Costa, J. Silva, M. Santos
Ausentes: R. Pereira

## Ordem do dia

1. Contas do exercício de 2024
2. Nomeação do diretor financeiro

## Deliberações

As contas foram aprovadas por unanimidade. A sessão foi encerrada às 12h30.`,
  },
  {
    name: "pt: contrato de prestação de serviços",
    want: "contract",
    given: `# Contrato de prestação de serviços

Entre a Costa & Silva, Lda., doravante designada Primeira Outorgante, e a Lusitânia Editores, S.A., doravante designada Segunda Outorgante, é celebrado o presente contrato.

## Cláusula Primeira – Objeto

A Primeira Outorgante obriga-se a prestar serviços de consultoria jurídica.

## Cláusula Segunda – Preço

A Segunda Outorgante obriga-se a pagar 5.125,00 €. Ambas as partes elegem o foro da comarca de Lisboa.`,
  },
  {
    name: "nl: memo Aan/Van/Datum/Onderwerp",
    want: "memo",
    given: `**Aan:** Directie
**Van:** Juridische zaken
**Datum:** 3 maart 2025
**Onderwerp:** Opzegging huurovereenkomst magazijn Tilburg

De verhuurder heeft de huurovereenkomst opgezegd per 30 september 2025. Wij adviseren direct te zoeken naar een nieuwe locatie.`,
  },
  {
    name: "nl: brief Geachte … Met vriendelijke groet",
    want: "letter",
    given: `Advocatenkantoor De Vries
Keizersgracht 12, 1015 CS Amsterdam

Amsterdam, 3 maart 2025

Geachte heer Jansen,

Hartelijk dank voor uw brief van 24 februari. Wij bevestigen dat ons kantoor het dossier behandelt en sturen u het conceptcontract vóór 15 maart.

Met vriendelijke groet,

mr. P. de Vries`,
  },
  {
    name: "nl: notulen van de vergadering",
    want: "minutes",
    given: `# Notulen van de bestuursvergadering

Datum: 3 maart 2025
Locatie: Amsterdam, kantoor Keizersgracht
Aanwezig: P. de Vries, J. Jansen, K. Bakker
Afwezig: L. Visser

## Agenda

1. Jaarrekening 2024
2. Benoeming financieel directeur

## Besluiten

De jaarrekening wordt unaniem goedgekeurd. De voorzitter sluit de vergadering om 12.30 uur.`,
  },
  {
    name: "nl: huurovereenkomst",
    want: "contract",
    given: `# Huurovereenkomst

De ondergetekenden, De Vries Vastgoed B.V., hierna te noemen „verhuurder”, en Bakker Logistiek B.V., hierna te noemen „huurder”, komen als volgt overeen.

## Artikel 1 – Gehuurde

Verhuurder verhuurt aan huurder het magazijn aan de Havenweg 4 te Tilburg.

## Artikel 2 – Huurprijs

Huurder verplicht zich maandelijks € 18.400 te betalen. Beide partijen kunnen de overeenkomst opzeggen; op deze overeenkomst is Nederlands recht van toepassing en de bevoegde rechter is die te Amsterdam.`,
  },
  {
    name: "ca: nota interna A/De/Data/Assumpte",
    want: "memo",
    given: `NOTA INTERNA

A: Direcció general
De: Assessoria jurídica
Data: 3 de març de 2025
Assumpte: Resolució del contracte d'arrendament del magatzem de Sabadell

L'arrendador ha comunicat la resolució del contracte per al 30 de setembre de 2025. Recomanem començar de seguida la cerca d'un nou local.`,
  },
  {
    name: "ca: carta Benvolgut … Atentament",
    want: "letter",
    given: `Despatx Puig Advocats
Carrer de Mallorca 200, 08036 Barcelona

Barcelona, 3 de març de 2025

Benvolgut senyor Puig,

Us agraïm la vostra carta del 24 de febrer i us confirmem que el nostre despatx porta l'expedient. Us enviarem l'esborrany del contracte abans del 15 de març.

Atentament,

Marta Vila`,
  },
  {
    name: "ca: acta de la reunió",
    want: "minutes",
    given: `# Acta de la reunió del consell d'administració

Data: 3 de març de 2025
Lloc: Barcelona, seu social
Assistents: M. Vila, J. Puig, N. Ferrer
Absents: R. Soler

## Ordre del dia

1. Comptes de l'exercici 2024
2. Nomenament del director financer

## Acords

S'aproven els comptes per unanimitat. S'aixeca la sessió a les 12.30 h.`,
  },
  {
    name: "ca: contracte de prestació de serveis",
    want: "contract",
    given: `# Contracte de prestació de serveis

REUNITS d'una part, Despatx Puig Advocats, SLP, i de l'altra part, Editorial Mediterrània, SA, d'ara endavant el Client.

## Clàusula primera – Objecte

El Despatx s'obliga a prestar serveis d'assessorament jurídic.

## Clàusula segona – Preu

El Client s'obliga a pagar 5.125,00 €. Ambdues parts se sotmeten a la jurisdicció dels jutjats de Barcelona.`,
  },
];

/** Prose in the six languages whose words look like cues: they stay reports. */
const moreLanguagesProse: Case[] = [
  {
    name: "fr: un paragraphe qui commence par Monsieur et une virgule n'est pas une lettre",
    want: "report",
    given: `# Compte rendu d'activité

Monsieur Dupont a indiqué, lors de l'entretien, que les délais seraient tenus malgré la hausse des coûts de transport et de main-d'œuvre.

Cordialement`,
  },
  {
    name: "it: un oggetto con 'Piano A:' non fa un promemoria",
    want: "report",
    given: `Oggetto: Piano A: riduzione dei costi

Il piano prevede la riduzione dei costi di magazzino del dieci per cento entro la fine dell'anno, grazie alla revisione dei contratti con i fornitori.`,
  },
  {
    name: "nl: een zin met 'Van' en 'De' is geen memo",
    want: "report",
    given: `# Jaaroverzicht

Van de dertig projecten zijn er vijfentwintig op tijd afgerond. De overige vijf lopen door in het nieuwe jaar vanwege vertraagde leveringen.`,
  },
  {
    name: "pt: uma linha Data: solta não faz um memorando",
    want: "report",
    given: `# Relatório trimestral

Data: 3 de março de 2025

As vendas do trimestre cresceram oito por cento em relação ao mesmo período do ano anterior, graças à nova loja de Braga.`,
  },
];

/** Unclear, mixed or plain texts: the detector must not guess. */
const ambiguous: Case[] = [
  { name: "a single sentence", want: "report", given: "The weather was fine." },
  { name: "un párrafo suelto", want: "report", given: "El proyecto avanza según lo previsto y no hay incidencias relevantes." },
  {
    name: "an article that mentions a contract and a meeting in passing",
    want: "report",
    given: `# Notes on the new supplier

We met the supplier last week. The contract is still being negotiated and the agreement should be ready in April.

Prices look reasonable and delivery times are shorter than with the current supplier.`,
  },
  {
    name: "a text with both a salutation-like line and memo fields, weakly",
    want: "report",
    given: `To: everyone

Hi all, quick update below.

The launch moved to May.`,
  },
  {
    name: "a short list without headings",
    want: "report",
    given: `- milk
- eggs
- bread`,
  },
  {
    name: "a blog post with a few headings and prose",
    want: "report",
    given: `# How we cut our build times in half

## Caching

We started caching dependencies between runs, which alone saved four minutes on every build and made the queue much shorter in the afternoons.

## Parallel tests

Splitting the test suite into four shards brought the test stage from twelve minutes down to five, at the cost of a slightly more complex pipeline.`,
  },
  {
    name: "a note that closes with regards but has no salutation or other letter parts, and talks of parties",
    want: "report",
    given: `# Party planning

The parties last year were too long. This year we keep them to two hours.

Regards`,
  },
  {
    name: "un correo breve con saludo y despedida pero también con campos de memorándum",
    want: "report",
    given: `Para: Equipo
De: Marta

Hola a todos,

Mañana no hay reunión.

Un saludo,

Marta`,
  },
  {
    name: "un texto con una tabla pequeña dentro de mucha prosa",
    want: "report",
    given: `# Evolución de las ventas

Las ventas del trimestre crecieron de forma sostenida gracias a la campaña de enero y al nuevo canal online, que ya supone una cuarta parte de la facturación total de la empresa.

| Mes | Ventas |
|---|--:|
| Enero | 100 |
| Febrero | 120 |

El margen se mantuvo estable pese a la subida de los costes logísticos, y se espera que el segundo trimestre mantenga la tendencia si se cumplen las previsiones del equipo comercial.`,
  },
];

describe("detectType", () => {
  const groups: Array<[string, Case[]]> = [
    ["letter", letters],
    ["contract", contracts],
    ["memo", memos],
    ["minutes", minutes],
    ["presentation", presentations],
    ["spreadsheet", spreadsheets],
    ["report", reports],
    ["ambiguous → report", ambiguous],
    ["German, French, Italian, Portuguese, Dutch and Catalan", moreLanguages],
    ["prose in those languages → report", moreLanguagesProse],
  ];
  for (const [group, cases] of groups) {
    describe(group, () => {
      for (const { name, given, want } of cases) {
        it(name, () => {
          const got = detect(given);
          assert.equal(got.type, want, `signals: ${got.signals.join(", ")}`);
          assert.ok(got.confidence >= 0 && got.confidence <= 1);
        });
      }
    });
  }

  it("a clear letter is confident, a plain sentence is not", () => {
    assert.ok(detect(letters[0]!.given).confidence >= 0.8);
    assert.ok(detect("The weather was fine.").confidence < 0.5);
  });

  it("names the signals that held", () => {
    const got = detect(letters[0]!.given);
    for (const id of ["report.default", "letter.salutation", "letter.closing", "letter.signature", "letter.date_line", "letter.address_block"]) {
      assert.ok(got.signals.includes(id), `${id} in ${got.signals.join(", ")}`);
    }
  });

  it("is deterministic", () => {
    for (const { given } of [...letters, ...ambiguous]) assert.deepEqual(detect(given), detect(given));
  });

  it("every signal id is unique and names its type", () => {
    const ids = signals.map((s) => s.id);
    assert.equal(new Set(ids).size, ids.length);
    for (const s of signals) assert.ok(s.id.startsWith(`${s.type}.`), s.id);
  });

  it("German, French, Italian, Portuguese, Dutch and Catalan each have a memo, a letter, minutes and a contract", () => {
    for (const language of ["de", "fr", "it", "pt", "nl", "ca"]) {
      const types = moreLanguages.filter((c) => c.name.startsWith(`${language}:`)).map((c) => c.want);
      assert.deepEqual(types.sort(), ["contract", "letter", "memo", "minutes"], language);
    }
  });

  it("each type has at least three cases per language", () => {
    for (const cases of [letters, contracts, memos, minutes, presentations, spreadsheets, reports]) {
      assert.ok(cases.filter((c) => c.name.startsWith("en:")).length >= 3);
      assert.ok(cases.filter((c) => c.name.startsWith("es:")).length >= 3);
    }
  });
});
