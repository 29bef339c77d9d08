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
  /** An online ticket's check-in link (it checks the ticket in and opens the event's join link): the way in. */
  readonly checkInLink: string | null;
}

interface Texts {
  subject(title: string): string;
  greeting(name: string): string;
  body(title: string): string;
  online(title: string): string;
  join: string;
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
    online: (t) => `here is your ticket for ${t}, an online event: join it through the link below when it starts (the PDF is attached).`,
    join: 'Join the event',
    button: 'Show my ticket',
    footer: 'You receive this e-mail because a ticket was assigned to you.',
  },
  de: {
    subject: (t) => `Ihr Ticket für ${t}`,
    greeting: (n) => `Hallo ${n},`,
    body: (t) => `hier ist Ihr Ticket für ${t}. Das PDF ist angehängt; zeigen Sie den QR-Code am Eingang.`,
    details: (c, r, w, p) => [`Kategorie: ${c}`, `Bestellung: ${r}`, `Wann: ${w}`, ...(p ? [`Wo: ${p}`] : [])],
    desk: (a) => `An der Kasse zu bezahlen: ${a}`,
    online: (t) => `hier ist Ihr Ticket für ${t}, eine Online-Veranstaltung: Treten Sie über den Link unten bei, sobald sie beginnt (das PDF ist angehängt).`,
    join: 'An der Veranstaltung teilnehmen',
    button: 'Mein Ticket anzeigen',
    footer: 'Sie erhalten diese E-Mail, weil Ihnen ein Ticket zugewiesen wurde.',
  },
  fr: {
    subject: (t) => `Votre billet pour ${t}`,
    greeting: (n) => `Bonjour ${n},`,
    body: (t) => `voici votre billet pour ${t}. Le PDF est joint ; présentez son code QR à l'entrée.`,
    details: (c, r, w, p) => [`Catégorie : ${c}`, `Commande : ${r}`, `Quand : ${w}`, ...(p ? [`Où : ${p}`] : [])],
    desk: (a) => `À payer à la caisse : ${a}`,
    online: (t) => `voici votre billet pour ${t}, un événement en ligne : rejoignez-le par le lien ci-dessous dès qu'il commence (le PDF est joint).`,
    join: "Rejoindre l'événement",
    button: 'Voir mon billet',
    footer: 'Vous recevez cet e-mail parce qu’un billet vous a été attribué.',
  },
  it: {
    subject: (t) => `Il tuo biglietto per ${t}`,
    greeting: (n) => `Ciao ${n},`,
    body: (t) => `ecco il tuo biglietto per ${t}. Il PDF è allegato; mostra il codice QR all'ingresso.`,
    details: (c, r, w, p) => [`Categoria: ${c}`, `Ordine: ${r}`, `Quando: ${w}`, ...(p ? [`Dove: ${p}`] : [])],
    desk: (a) => `Da pagare alla cassa: ${a}`,
    online: (t) => `ecco il tuo biglietto per ${t}, un evento online: partecipa dal link qui sotto quando inizia (il PDF è allegato).`,
    join: "Partecipa all'evento",
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
  const body = facts.checkInLink ? t.online(facts.eventTitle) : t.body(facts.eventTitle);
  const join = facts.checkInLink ? [`${t.join}: ${facts.checkInLink}`] : [];
  const text = [t.greeting(facts.holderFirstName), '', body, '', ...details, ...desk, '', ...join, `${t.button}: ${facts.link}`, '', t.footer].join('\n');
  const html = renderHtmlMail({
    language: facts.language,
    title: subject,
    preheader: body,
    organizer: facts.organizerName,
    heading: facts.eventTitle,
    blocks: [
      { kind: 'paragraph', text: `${t.greeting(facts.holderFirstName)}\n${body}` },
      { kind: 'box', title: null, lines: [...details, ...desk] },
      ...(facts.checkInLink ? [{ kind: 'button' as const, label: t.join, href: facts.checkInLink }, { kind: 'note' as const, text: facts.checkInLink }] : []),
      { kind: 'button', label: t.button, href: facts.link },
      { kind: 'note', text: facts.link },
    ],
    footer: t.footer,
  });
  return { subject, text, html };
}
