import { bundles } from '@ticketing/i18n';
import { describe, expect, it } from 'vitest';
import { documentLabels } from './document-labels.js';

describe('documentLabels', () => {
  it.each(['en', 'de', 'fr', 'it', 'nl'])('gives every caption in %s, without the trailing colon of the bundles', (language) => {
    const labels = documentLabels(language);
    for (const [label, text] of Object.entries(labels)) {
      expect(text.trim(), `${language}.${label}`).not.toBe('');
      expect(text, `${language}.${label}`).not.toMatch(/:\s*$/);
      if (label !== 'page') expect(text, `${language}.${label}`).not.toMatch(/\{\{/);
    }
    expect(labels.page).toMatch(/\{\{0\}\}.*\{\{1\}\}/);
  });

  it('takes the captions the message bundles have, in the language asked', () => {
    const de = documentLabels('de');
    expect(de.holder).toBe(bundles.de['ticket.holder']);
    expect(de.payAtDesk).toBe(bundles.de['ticket.payment-required']);
    expect(de.invoiceNumber).toBe('Rechnungsnummer');
    expect(de.vatNumber).toBe('MwSt.-Nr.');
    expect(documentLabels('fr').invoiceNumber).toBe('Numéro de facture');
    expect(documentLabels('it').receipt).toBe(bundles.it['receipt.receipt']);
  });

  it('has its own captions where the bundles have none, and all of Dutch', () => {
    expect(documentLabels('de').seller).toBe('Verkäufer');
    expect(documentLabels('it').unitPrice).toBe('Prezzo unitario');
    expect(documentLabels('nl').holder).toBe('Houder');
    expect(documentLabels('nl').invoice).toBe('Factuur');
  });

  it('reads regional tags by their language and falls back to English', () => {
    expect(documentLabels('de-CH')).toEqual(documentLabels('de'));
    expect(documentLabels('NL_be')).toEqual(documentLabels('nl'));
    expect(documentLabels('xx')).toEqual(documentLabels('en'));
    expect(documentLabels('constructor')).toEqual(documentLabels('en'));
    expect(documentLabels('en').invoice).toBe('Invoice');
    expect(documentLabels('de').invoice).toBe('Rechnung');
  });
});
