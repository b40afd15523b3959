/**
 * Word lists for the seed generator: Austrian and German first and last names, academic titles, streets,
 * real Austrian postcode/city pairs, employer name parts and Austrian banks with their real bank codes (BLZ)
 * and BICs. Demo data only; any resemblance to real persons is coincidental.
 */

/** Female first names, several generations (born 1957 to 2002). */
export const FEMALE_FIRST_NAMES = [
  'Anna', 'Maria', 'Elisabeth', 'Barbara', 'Bärbel', 'Brigitte', 'Christine', 'Claudia', 'Daniela', 'Doris',
  'Edith', 'Elfriede', 'Renate', 'Eva', 'Gabriele', 'Gertrude', 'Helga', 'Herta', 'Ingrid', 'Johanna',
  'Julia', 'Karin', 'Katharina', 'Kerstin', 'Laura', 'Lena', 'Lisa', 'Magdalena', 'Manuela', 'Margit',
  'Marion', 'Martina', 'Michaela', 'Monika', 'Nicole', 'Petra', 'Sabine', 'Sandra', 'Silvia', 'Sonja',
  'Stefanie', 'Susanne', 'Theresa', 'Ulrike', 'Ursula', 'Verena', 'Viktoria', 'Waltraud', 'Sophie', 'Hannah',
  'Lea', 'Sarah', 'Nina', 'Melanie', 'Carina', 'Bettina', 'Birgit', 'Andrea', 'Angelika', 'Astrid',
  'Cornelia', 'Dagmar', 'Evelyn', 'Gerlinde', 'Heidemarie', 'Irmgard', 'Jasmin', 'Karoline', 'Liselotte', 'Marlene',
  'Nadine', 'Patricia', 'Regina', 'Rosemarie', 'Simone', 'Tanja', 'Vanessa', 'Yvonne', 'Elke', 'Anita',
  'Christa', 'Hildegard', 'Jutta', 'Katrin', 'Anja', 'Selina', 'Chiara', 'Zoë', 'Jacqueline', 'Sieglinde',
] as const;

/** Male first names, several generations (born 1957 to 2002). */
export const MALE_FIRST_NAMES = [
  'Jürgen', 'Jörg', 'Günther', 'Andreas', 'Alexander', 'Anton', 'Bernhard', 'Christian', 'Christoph', 'Daniel',
  'David', 'Dietmar', 'Dominik', 'Erich', 'Ernst', 'Florian', 'Franz', 'Friedrich', 'Georg', 'Gerald',
  'Gerhard', 'Gottfried', 'Hannes', 'Harald', 'Heinz', 'Helmut', 'Herbert', 'Hubert', 'Johann', 'Josef',
  'Karl', 'Klaus', 'Konrad', 'Leopold', 'Lukas', 'Manfred', 'Markus', 'Martin', 'Matthias', 'Maximilian',
  'Michael', 'Norbert', 'Oliver', 'Otto', 'Patrick', 'Paul', 'Peter', 'Philipp', 'Rainer', 'Reinhard',
  'Richard', 'Robert', 'Roland', 'Rudolf', 'Sebastian', 'Siegfried', 'Simon', 'Stefan', 'Thomas', 'Tobias',
  'Walter', 'Werner', 'Wolfgang', 'Alois', 'Engelbert', 'Ferdinand', 'Gregor', 'Hermann', 'Jakob', 'Julian',
  'Kurt', 'Lorenz', 'Mario', 'René', 'Valentin', 'Wilhelm', 'Elias', 'Fabian', 'Felix', 'Jonas',
  'Raphael', 'Rüdiger', 'Ewald', 'Bernd', 'Roman', 'Benedikt', 'Gernot', 'Horst', 'Armin', 'Dieter',
] as const;

/** Last names with an Austrian flavour (the most common Austrian surnames first). */
export const LAST_NAMES = [
  'Gruber', 'Huber', 'Bauer', 'Wagner', 'Müller', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer',
  'Leitner', 'Berger', 'Fuchs', 'Eder', 'Fischer', 'Schmid', 'Winkler', 'Weber', 'Schwarz', 'Maier',
  'Schneider', 'Reiter', 'Mayr', 'Schmidt', 'Wimmer', 'Egger', 'Brunner', 'Lang', 'Baumgartner', 'Auer',
  'Binder', 'Lechner', 'Wolf', 'Wallner', 'Aigner', 'Ebner', 'Koller', 'Lehner', 'Haas', 'Schuster',
  'Holzer', 'Strasser', 'Pöschl', 'Köhler', 'Hofbauer', 'Huemer', 'Kaiser', 'Karner', 'Kern', 'Kogler',
  'Krenn', 'Lackner', 'Maurer', 'Neubauer', 'Neumann', 'Ortner', 'Pfeiffer', 'Posch', 'Prinz', 'Rainer',
  'Riegler', 'Rauch', 'Sommer', 'Stadler', 'Stöger', 'Trummer', 'Unger', 'Vogl', 'Weiß', 'Windisch',
  'Wurm', 'Zach', 'Zauner', 'Böhm', 'Brandstätter', 'Fröhlich', 'Grünwald', 'Hörmann', 'Jäger', 'Krämer',
  'Lindner', 'Mühlbacher', 'Nußbaumer', 'Obermayr', 'Pölzl', 'Schöberl', 'Seidl', 'Thaler', 'Tischler', 'Wöß',
  'Zöchling', 'Hackl', 'Haider', 'Hauser', 'Hütter', 'Kainz', 'Kofler', 'Kopp', 'Kraus', 'Kurz',
  'Pointner', 'Resch', 'Rieder', 'Schober', 'Schweiger', 'Strobl', 'Weinberger', 'Wieser', 'Wiesinger', 'Gassner',
  'Fink', 'Friedl', 'Gschwandtner', 'Hammer', 'Hartl', 'Heindl', 'Hofmann', 'Horvath', 'Jovanović', 'Kovacs',
  'Novak', 'Nagy', 'Pirker', 'Prager', 'Putz', 'Rath', 'Reisinger', 'Sattler', 'Schönberger', 'Stockinger',
  'Tauber', 'Url', 'Wagenhofer', 'Wenzl', 'Zechner', 'Falkner', 'Gratzer', 'Kapeller', 'Lamprecht', 'Mösenbacher',
  'Plank', 'Rosenberger', 'Scheiber', 'Traxler', 'Ziegler', 'Ecker', 'Grabner', 'Hinterberger', 'Oberhofer', 'Buchner',
  'Dorfer', 'Gössler', 'Klammer', 'Mairhofer', 'Pucher',
] as const;

/** Academic titles written before the name (titelVorne); the `-a`/`-in` forms are the female ones. */
export const TITLE_PREFIXES_MALE = ['Mag.', 'Dr.', 'DI', 'Ing.'] as const;
export const TITLE_PREFIXES_FEMALE = ['Mag.a', 'Dr.in', 'Mag.', 'Dr.', 'DI', 'Ing.'] as const;
/** Academic titles written after the name (titelHinten). */
export const TITLE_SUFFIXES = ['BSc', 'MSc', 'MBA', 'BA', 'PhD'] as const;

/** Street names found in many Austrian towns. */
export const STREETS = [
  'Hauptstraße', 'Bahnhofstraße', 'Kirchengasse', 'Schulgasse', 'Wiener Straße', 'Grazer Straße', 'Linzer Straße',
  'Salzburger Straße', 'Lindengasse', 'Birkenweg', 'Feldgasse', 'Mühlgasse', 'Dorfstraße', 'Sonnenweg', 'Am Anger',
  'Gartengasse', 'Waldstraße', 'Bergstraße', 'Rosengasse', 'Florianigasse', 'Herrengasse', 'Kaiserstraße',
  'Brucknerstraße', 'Mozartstraße', 'Schillerstraße', 'Goethestraße', 'Dr.-Karl-Renner-Straße', 'Franz-Josef-Straße',
  'Rathausplatz', 'Hofmanngasse', 'Wiesenweg', 'Bachgasse', 'Ringstraße', 'Industriestraße', 'Anton-Wildgans-Gasse',
  'Johann-Strauß-Gasse', 'Erzherzog-Johann-Straße', 'Andreas-Hofer-Straße', 'Schloßberggasse', 'Teichweg',
  'Marktplatz', 'Kapellenweg', 'Lerchenfelder Straße', 'Praterstraße', 'Ungargasse', 'Annenstraße',
  'Maria-Theresien-Straße', 'Museumstraße', 'Getreidegasse', 'Landstraße',
] as const;

/** Federal states (Bundesländer) of Austria. */
export type AustrianState =
  | 'Wien'
  | 'Niederösterreich'
  | 'Oberösterreich'
  | 'Salzburg'
  | 'Tirol'
  | 'Vorarlberg'
  | 'Steiermark'
  | 'Kärnten'
  | 'Burgenland';

/** A real Austrian postcode with its town. */
export interface PostalPlace {
  postcode: string;
  city: string;
  state: AustrianState;
}

/** Real Austrian postcode/city pairs across all nine states (Vienna weighted by listing several districts). */
export const POSTAL_PLACES: readonly PostalPlace[] = [
  { postcode: '1010', city: 'Wien', state: 'Wien' },
  { postcode: '1020', city: 'Wien', state: 'Wien' },
  { postcode: '1030', city: 'Wien', state: 'Wien' },
  { postcode: '1050', city: 'Wien', state: 'Wien' },
  { postcode: '1070', city: 'Wien', state: 'Wien' },
  { postcode: '1090', city: 'Wien', state: 'Wien' },
  { postcode: '1100', city: 'Wien', state: 'Wien' },
  { postcode: '1120', city: 'Wien', state: 'Wien' },
  { postcode: '1140', city: 'Wien', state: 'Wien' },
  { postcode: '1160', city: 'Wien', state: 'Wien' },
  { postcode: '1190', city: 'Wien', state: 'Wien' },
  { postcode: '1210', city: 'Wien', state: 'Wien' },
  { postcode: '1220', city: 'Wien', state: 'Wien' },
  { postcode: '1230', city: 'Wien', state: 'Wien' },
  { postcode: '3100', city: 'St. Pölten', state: 'Niederösterreich' },
  { postcode: '2700', city: 'Wiener Neustadt', state: 'Niederösterreich' },
  { postcode: '3500', city: 'Krems an der Donau', state: 'Niederösterreich' },
  { postcode: '2500', city: 'Baden', state: 'Niederösterreich' },
  { postcode: '2340', city: 'Mödling', state: 'Niederösterreich' },
  { postcode: '3300', city: 'Amstetten', state: 'Niederösterreich' },
  { postcode: '2130', city: 'Mistelbach', state: 'Niederösterreich' },
  { postcode: '3430', city: 'Tulln an der Donau', state: 'Niederösterreich' },
  { postcode: '2620', city: 'Neunkirchen', state: 'Niederösterreich' },
  { postcode: '3580', city: 'Horn', state: 'Niederösterreich' },
  { postcode: '2000', city: 'Stockerau', state: 'Niederösterreich' },
  { postcode: '3910', city: 'Zwettl', state: 'Niederösterreich' },
  { postcode: '4020', city: 'Linz', state: 'Oberösterreich' },
  { postcode: '4600', city: 'Wels', state: 'Oberösterreich' },
  { postcode: '4400', city: 'Steyr', state: 'Oberösterreich' },
  { postcode: '4810', city: 'Gmunden', state: 'Oberösterreich' },
  { postcode: '4910', city: 'Ried im Innkreis', state: 'Oberösterreich' },
  { postcode: '5280', city: 'Braunau am Inn', state: 'Oberösterreich' },
  { postcode: '4240', city: 'Freistadt', state: 'Oberösterreich' },
  { postcode: '4840', city: 'Vöcklabruck', state: 'Oberösterreich' },
  { postcode: '4560', city: 'Kirchdorf an der Krems', state: 'Oberösterreich' },
  { postcode: '5020', city: 'Salzburg', state: 'Salzburg' },
  { postcode: '5400', city: 'Hallein', state: 'Salzburg' },
  { postcode: '5500', city: 'Bischofshofen', state: 'Salzburg' },
  { postcode: '5700', city: 'Zell am See', state: 'Salzburg' },
  { postcode: '5600', city: 'St. Johann im Pongau', state: 'Salzburg' },
  { postcode: '6020', city: 'Innsbruck', state: 'Tirol' },
  { postcode: '6330', city: 'Kufstein', state: 'Tirol' },
  { postcode: '6060', city: 'Hall in Tirol', state: 'Tirol' },
  { postcode: '6130', city: 'Schwaz', state: 'Tirol' },
  { postcode: '6370', city: 'Kitzbühel', state: 'Tirol' },
  { postcode: '6500', city: 'Landeck', state: 'Tirol' },
  { postcode: '6460', city: 'Imst', state: 'Tirol' },
  { postcode: '9900', city: 'Lienz', state: 'Tirol' },
  { postcode: '6900', city: 'Bregenz', state: 'Vorarlberg' },
  { postcode: '6850', city: 'Dornbirn', state: 'Vorarlberg' },
  { postcode: '6800', city: 'Feldkirch', state: 'Vorarlberg' },
  { postcode: '6700', city: 'Bludenz', state: 'Vorarlberg' },
  { postcode: '8010', city: 'Graz', state: 'Steiermark' },
  { postcode: '8020', city: 'Graz', state: 'Steiermark' },
  { postcode: '8700', city: 'Leoben', state: 'Steiermark' },
  { postcode: '8600', city: 'Bruck an der Mur', state: 'Steiermark' },
  { postcode: '8530', city: 'Deutschlandsberg', state: 'Steiermark' },
  { postcode: '8330', city: 'Feldbach', state: 'Steiermark' },
  { postcode: '8430', city: 'Leibnitz', state: 'Steiermark' },
  { postcode: '8940', city: 'Liezen', state: 'Steiermark' },
  { postcode: '8750', city: 'Judenburg', state: 'Steiermark' },
  { postcode: '8280', city: 'Fürstenfeld', state: 'Steiermark' },
  { postcode: '9020', city: 'Klagenfurt am Wörthersee', state: 'Kärnten' },
  { postcode: '9500', city: 'Villach', state: 'Kärnten' },
  { postcode: '9400', city: 'Wolfsberg', state: 'Kärnten' },
  { postcode: '9800', city: 'Spittal an der Drau', state: 'Kärnten' },
  { postcode: '9300', city: 'St. Veit an der Glan', state: 'Kärnten' },
  { postcode: '9100', city: 'Völkermarkt', state: 'Kärnten' },
  { postcode: '7000', city: 'Eisenstadt', state: 'Burgenland' },
  { postcode: '7100', city: 'Neusiedl am See', state: 'Burgenland' },
  { postcode: '7400', city: 'Oberwart', state: 'Burgenland' },
  { postcode: '7210', city: 'Mattersburg', state: 'Burgenland' },
  { postcode: '7540', city: 'Güssing', state: 'Burgenland' },
];

/** First word of a generated employer name: a region, river or landmark. */
export const EMPLOYER_REGIONS = [
  'Alpenländische', 'Donau', 'Tiroler', 'Steirische', 'Kärntner', 'Wiener', 'Salzburger', 'Vorarlberger',
  'Burgenländische', 'Oberösterreichische', 'Niederösterreichische', 'Pannonia', 'Tauern', 'Inntal', 'Ennstal',
  'Mühlviertler', 'Waldviertler', 'Weinviertler', 'Mostviertler', 'Murtal', 'Traunsee', 'Wörthersee', 'Bodensee',
  'Arlberg', 'Semmering', 'Wachau', 'Dachstein', 'Großglockner', 'Austria', 'Alpen', 'Drau', 'Zillertaler',
] as const;

/** Middle word of a generated employer name: the trade. */
export const EMPLOYER_TRADES = [
  'Bau', 'Logistik', 'Holzbau', 'Maschinenbau', 'Elektrotechnik', 'Handels', 'Energie', 'Metallwerke', 'Papier',
  'Brauerei', 'Medien', 'Software', 'Pharma', 'Glaswerke', 'Stahlbau', 'Transport', 'Immobilien', 'Gastronomie',
  'Textil', 'Lebensmittel', 'Molkerei', 'Druckerei', 'Anlagenbau', 'Kunststofftechnik', 'Möbelwerk', 'Sanitärtechnik',
  'Spedition', 'Gebäudereinigung', 'Consulting', 'IT-Services', 'Seilbahnen', 'Tourismus', 'Landtechnik', 'Automotive',
  'Kältetechnik', 'Baustoffe', 'Installationen', 'Versicherungsmakler', 'Hotelbetriebs', 'Steuerberatung',
] as const;

/** Legal forms of Austrian companies, with rough weights. */
export const LEGAL_FORMS = ['GmbH', 'AG', 'GmbH & Co KG', 'KG', 'OG', 'Gesellschaft m.b.H.'] as const;
export const LEGAL_FORM_WEIGHTS = [50, 15, 20, 6, 5, 4] as const;

/** An Austrian bank: the 5-digit bank code (Bankleitzahl) that starts the BBAN, and its BIC. */
export interface AustrianBank {
  name: string;
  blz: string;
  bic: string;
}

/** Austrian banks with their real bank codes (BLZ) and BICs. */
export const BANKS: readonly AustrianBank[] = [
  { name: 'Erste Bank', blz: '20111', bic: 'GIBAATWWXXX' },
  { name: 'UniCredit Bank Austria', blz: '12000', bic: 'BKAUATWWXXX' },
  { name: 'BAWAG', blz: '14000', bic: 'BAWAATWWXXX' },
  { name: 'Raiffeisenlandesbank NÖ-Wien', blz: '32000', bic: 'RLNWATWWXXX' },
  { name: 'Oberbank', blz: '15000', bic: 'OBKLAT2LXXX' },
  { name: 'Volksbank Wien', blz: '43000', bic: 'VBOEATWWXXX' },
  { name: 'HYPO NOE', blz: '53000', bic: 'HYPNATWWXXX' },
  { name: 'Steiermärkische Sparkasse', blz: '20815', bic: 'STSPAT2GXXX' },
  { name: 'Raiffeisen Landesbank Tirol', blz: '36000', bic: 'RZTIAT22XXX' },
  { name: 'Salzburger Sparkasse', blz: '20404', bic: 'SBGSAT2SXXX' },
];

/** Austrian mobile network prefixes (after +43). */
export const MOBILE_PREFIXES = ['650', '660', '664', '676', '677', '680', '681', '688', '699'] as const;

/**
 * ASCII lower-case form of a name for e-mail local parts: ä→ae, ö→oe, ü→ue, ß→ss, other accents dropped
 * (é→e, ć→c), spaces removed; only a-z, 0-9, '-' and '.' remain.
 */
export function transliterate(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9.-]/g, '');
}
