import { renderHtmlMail } from '@ticketing/mail';

/** What the ticket e-mail says. */
export interface TicketMailFacts {
  readonly language: string;
  readonly holderFirstName: string;
  readonly eventTitle: string;
  readonly organizerName: string | null;
  readonly categoryName: string;
  readonly reference: string;
  readonly when: string;
  readonly where: string | null;
  /** The ticket's page (show, download, wallet). */
  readonly link: string;
  readonly deskPayment: string | null;
}

interface Texts {
  subject(title: string): string;
  greeting(name: string): string;
  body(title: string): string;
  details(category: string, reference: string, when: string, where: string | null): string[];
  desk(amount: string): string;
  button: string;
  footer: string;
}

const TEXTS: Record<string, Texts> = {
  en: {
    subject: (t) => `Your ticket for ${t}`,
    greeting: (n) => `Hello ${n},`,
    body: (t) => `here is your ticket for ${t}. The PDF is attached; show its QR code at the entrance.`,
    details: (c, r, w, p) => [`Category: ${c}`, `Order: ${r}`, `When: ${w}`, ...(p ? [`Where: ${p}`] : [])],
    desk: (a) => `To be paid at the desk: ${a}`,
    button: 'Show my ticket',
    footer: 'You receive this e-mail because a ticket was assigned to you.',
  },
  de: {
    subject: (t) => `Ihr Ticket für ${t}`,
    greeting: (n) => `Hallo ${n},`,
    body: (t) => `hier ist Ihr Ticket für ${t}. Das PDF ist angehängt; zeigen Sie den QR-Code am Eingang.`,
    details: (c, r, w, p) => [`Kategorie: ${c}`, `Bestellung: ${r}`, `Wann: ${w}`, ...(p ? [`Wo: ${p}`] : [])],
    desk: (a) => `An der Kasse zu bezahlen: ${a}`,
    button: 'Mein Ticket anzeigen',
    footer: 'Sie erhalten diese E-Mail, weil Ihnen ein Ticket zugewiesen wurde.',
  },
  fr: {
    subject: (t) => `Votre billet pour ${t}`,
    greeting: (n) => `Bonjour ${n},`,
    body: (t) => `voici votre billet pour ${t}. Le PDF est joint ; présentez son code QR à l'entrée.`,
    details: (c, r, w, p) => [`Catégorie : ${c}`, `Commande : ${r}`, `Quand : ${w}`, ...(p ? [`Où : ${p}`] : [])],
    desk: (a) => `À payer à la caisse : ${a}`,
    button: 'Voir mon billet',
    footer: 'Vous recevez cet e-mail parce qu’un billet vous a été attribué.',
  },
  it: {
    subject: (t) => `Il tuo biglietto per ${t}`,
    greeting: (n) => `Ciao ${n},`,
    body: (t) => `ecco il tuo biglietto per ${t}. Il PDF è allegato; mostra il codice QR all'ingresso.`,
    details: (c, r, w, p) => [`Categoria: ${c}`, `Ordine: ${r}`, `Quando: ${w}`, ...(p ? [`Dove: ${p}`] : [])],
    desk: (a) => `Da pagare alla cassa: ${a}`,
    button: 'Mostra il mio biglietto',
    footer: 'Ricevi questa e-mail perché ti è stato assegnato un biglietto.',
  },
};

/** The ticket e-mail in the holder's language (en, de, fr, it; English otherwise): subject, text and HTML parts. */
export function ticketMail(facts: TicketMailFacts): { subject: string; text: string; html: string } {
  const t = TEXTS[facts.language] ?? TEXTS['en']!;
  const subject = t.subject(facts.eventTitle);
  const details = t.details(facts.categoryName, facts.reference, facts.when, facts.where);
  const desk = facts.deskPayment ? [t.desk(facts.deskPayment)] : [];
  const text = [t.greeting(facts.holderFirstName), '', t.body(facts.eventTitle), '', ...details, ...desk, '', `${t.button}: ${facts.link}`, '', t.footer].join('\n');
  const html = renderHtmlMail({
    language: facts.language,
    title: subject,
    preheader: t.body(facts.eventTitle),
    organizer: facts.organizerName,
    heading: facts.eventTitle,
    blocks: [
      { kind: 'paragraph', text: `${t.greeting(facts.holderFirstName)}\n${t.body(facts.eventTitle)}` },
      { kind: 'box', title: null, lines: [...details, ...desk] },
      { kind: 'button', label: t.button, href: facts.link },
      { kind: 'note', text: facts.link },
    ],
    footer: t.footer,
  });
  return { subject, text, html };
}
