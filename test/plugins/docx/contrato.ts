/**
 * A Spanish lease whose author named its clauses ("### Primera. Objeto") and wrote both parties' signature blocks,
 * as the second audit's contract did (issue 30, items 3 and 4): shared by clause-names.test.ts and signature.test.ts.
 */
export const contrato = `# Contrato de arrendamiento de local de negocio

En Madrid, a 1 de marzo de 2026.

## Reunidos

De una parte, **Inmobiliaria Castellana S.L.**, con CIF B12345674, en adelante "el Arrendador".

De otra parte, **Cafetería Sol S.L.**, con CIF B87654321, en adelante "el Arrendatario".

## Cláusulas

### Primera. Objeto

El Arrendador cede en arrendamiento al Arrendatario el local situado en la calle Mayor 10 de Madrid, que este acepta.

### Segunda. Renta

La renta mensual es de 2.400,00 € más IVA, que se actualizará conforme a la cláusula tercera.

### Tercera. Actualización

La renta se actualizará cada año conforme al índice de garantía de competitividad.

Y en prueba de conformidad, las partes firman el presente contrato por duplicado en el lugar y fecha indicados.

**EL ARRENDADOR**\\
Fdo.: D. Juan Pérez García\\
Administrador único

**EL ARRENDATARIO**\\
Fdo.: Dña. María López Ruiz\\
Administradora solidaria
`;
