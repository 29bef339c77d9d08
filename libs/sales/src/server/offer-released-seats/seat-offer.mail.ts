/** What the offer e-mail tells a subscriber. */
export interface SeatOffer {
  /** One of the event's content languages; texts exist in en, it, de and fr, English otherwise. */
  readonly language: string;
  readonly firstName: string;
  readonly eventTitle: string;
  readonly bookingLink: string;
  readonly validUntil: Date;
  /** The event's time zone: the deadline is written in it. */
  readonly timeZone: string;
}

interface Texts {
  subject(title: string): string;
  body(name: string, title: string, link: string, until: string): string;
}

const texts: Record<string, Texts> = {
  en: {
    subject: (title) => `A ticket for ${title} is reserved for you`,
    body: (name, title, link, until) =>
      `Hello ${name},\n\na ticket for ${title} has become available and we have reserved it for you.\n\n` +
      `Complete your booking here:\n${link}\n\nThe reservation is held until ${until}; after that the ticket goes to the next person waiting.\n`,
  },
  it: {
    subject: (title) => `Un biglietto per ${title} è riservato per te`,
    body: (name, title, link, until) =>
      `Ciao ${name},\n\nsi è liberato un biglietto per ${title} e lo abbiamo riservato per te.\n\n` +
      `Completa la prenotazione qui:\n${link}\n\nLa prenotazione scade ${until}; poi il biglietto passa alla persona successiva in lista d’attesa.\n`,
  },
  de: {
    subject: (title) => `Ein Ticket für ${title} ist für Sie reserviert`,
    body: (name, title, link, until) =>
      `Hallo ${name},\n\nfür ${title} ist ein Ticket frei geworden, und wir haben es für Sie reserviert.\n\n` +
      `Schließen Sie Ihre Buchung hier ab:\n${link}\n\nDie Reservierung gilt bis ${until}; danach geht das Ticket an die nächste Person auf der Warteliste.\n`,
  },
  fr: {
    subject: (title) => `Un billet pour ${title} vous est réservé`,
    body: (name, title, link, until) =>
      `Bonjour ${name},\n\nun billet pour ${title} s’est libéré et nous l’avons réservé pour vous.\n\n` +
      `Finalisez votre réservation ici :\n${link}\n\nLa réservation expire le ${until} ; ensuite, le billet passe à la personne suivante sur la liste d’attente.\n`,
  },
};

/** Subject and plain-text body of the e-mail that offers a reserved seat, in the subscriber's language. */
export function seatOfferMail(offer: SeatOffer): { subject: string; text: string } {
  const language = offer.language.split('-')[0]!.toLowerCase();
  const t = texts[language] ?? texts['en']!;
  const until = new Intl.DateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: offer.timeZone,
    timeZoneName: 'short',
  }).format(offer.validUntil);
  return { subject: t.subject(offer.eventTitle), text: t.body(offer.firstName, offer.eventTitle, offer.bookingLink, until) };
}
