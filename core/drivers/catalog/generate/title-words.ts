/**
 * @module
 * Real words and everyday phrases of the languages demo artists sing in, for titles. Nouns
 * carry their article (`la nuit`, `die Nacht`) so titles built from them agree in gender and
 * number without a grammar; only prepositions that take the article unchanged are listed
 * (no French `de` + `le`, no German cases). English has its own, longer lists (`words.ts`).
 * Faker's word lists serve English only: in other languages they are job titles or
 * dictionary words (`Adipositas`), not what songs are called.
 */

export type Language = 'en' | 'fr' | 'de' | 'es' | 'pt' | 'it' | 'nl' | 'sv' | 'ja' | 'ko';

export interface TitleWords {
  /** With article where the language has one. */
  nouns: readonly string[];
  phrases: readonly string[];
  /** Prepositions that combine with `nouns` as they are: `Sous la pluie`. */
  prepositions: readonly string[];
  /** `and`, for `La nuit et le vent`; empty where titles are not built that way. */
  and: string;
}

const lines = (text: string): readonly string[] =>
  text
    .trim()
    .split(/\s*\n\s*|\s*,\s*/)
    .filter((x) => x !== '');

export const TITLE_WORDS: Readonly<Record<Exclude<Language, 'en'>, TitleWords>> = {
  fr: {
    nouns:
      lines(`la nuit, le ciel, la pluie, le vent, la mer, l'été, l'hiver, le cœur, la lune, le soleil, la ville, la route,
      le silence, la fièvre, la lumière, l'amour, la danse, le rêve, la vie, le feu, les étoiles, les larmes, la rivière,
      le printemps, l'aube, le désert, la plage, les nuages, le voyage, la mémoire, la tempête, la fenêtre, le miroir,
      l'orage, la forêt, le jardin, les vagues, la saison, le retour, la liberté, le matin, la jeunesse`),
    phrases:
      lines(`Je t'aime encore, Tout va bien, Sans toi, Reste avec moi, Encore une fois, Mon amour, Ça ira, Comme avant,
      Plus jamais, Laisse-moi, Dis-moi, Je pars, Pas ce soir, Tant pis, Bonne nuit, On danse, Rien ne change, Toi et moi,
      Demain peut-être, À bientôt`),
    prepositions: lines('Sous, Après, Avant, Pour, Sans, Dans, Vers'),
    and: 'et',
  },
  de: {
    nouns:
      lines(`die Nacht, der Himmel, der Regen, der Wind, das Meer, der Sommer, der Winter, das Herz, der Mond, die Sonne,
      die Stadt, die Straße, die Stille, das Fieber, das Licht, die Liebe, der Tanz, der Traum, das Leben, das Feuer,
      die Sterne, die Tränen, der Fluss, der Frühling, die Wolken, die Reise, die Erinnerung, der Sturm, das Fenster,
      der Spiegel, der Wald, der Garten, die Wellen, die Freiheit, die Zeit, die Welt, der Morgen, das Glück`),
    phrases:
      lines(`Alles gut, Nur noch heute, Bleib bei mir, Noch einmal, Ohne dich, Für immer, Komm nach Hause, Nicht heute Nacht,
      Gute Nacht, Wir tanzen, Halt mich fest, Lass mich gehen, Irgendwann, Weit weg, Hier und jetzt, Mein Herz, Nie wieder,
      Zurück zu dir`),
    prepositions: [],
    and: 'und',
  },
  es: {
    nouns:
      lines(`la noche, el cielo, la lluvia, el viento, el mar, el verano, el invierno, el corazón, la luna, el sol, la ciudad,
      la calle, el silencio, la fiebre, la luz, el amor, el baile, el sueño, la vida, el fuego, las estrellas, las lágrimas,
      el río, la primavera, el alba, el desierto, la playa, las nubes, el viaje, la memoria, la tormenta, la ventana,
      el espejo, el bosque, el jardín, las olas, la libertad, el tiempo, el mundo, la madrugada`),
    phrases:
      lines(`Te quiero, Baila conmigo, Otra vez, Mi corazón, Sin ti, Quédate, Todo bien, Nunca más, Hasta mañana, Dime,
      Contigo, Ven aquí, Qué bonito, Buenas noches, Solo tú, Déjame ir, Tú y yo, Ahora o nunca, Mi vida`),
    prepositions: lines('Sin, Bajo, Con, Para, Hacia, Tras'),
    and: 'y',
  },
  pt: {
    nouns:
      lines(`a noite, o céu, a chuva, o vento, o mar, o verão, o inverno, o coração, a lua, o sol, a cidade, a rua, o silêncio,
      a febre, a luz, o amor, a dança, o sonho, a vida, o fogo, as estrelas, as lágrimas, o rio, a primavera, a saudade,
      a praia, as nuvens, a viagem, a memória, a tempestade, a janela, o espelho, a floresta, o jardim, as ondas,
      a liberdade, o tempo, o mundo, a madrugada`),
    phrases:
      lines(`Meu amor, Tudo bem, Vem dançar, Sem você, Fica comigo, Outra vez, Nunca mais, Até amanhã, Boa noite, Só você,
      Deixa acontecer, Eu e você, Agora ou nunca, Minha vida, Saudade, Volta pra mim, Te amo, Vai passar, Menina`),
    prepositions: lines('Sem, Sob, Com, Para, Até'),
    and: 'e',
  },
  it: {
    nouns:
      lines(`la notte, il cielo, la pioggia, il vento, il mare, l'estate, l'inverno, il cuore, la luna, il sole, la città,
      la strada, il silenzio, la febbre, la luce, l'amore, la danza, il sogno, la vita, il fuoco, le stelle, le lacrime,
      il fiume, la primavera, l'alba, il deserto, la spiaggia, le nuvole, il viaggio, la memoria, la tempesta,
      la finestra, lo specchio, la foresta, il giardino, le onde, la libertà, il tempo, il mondo`),
    phrases:
      lines(`Ti amo ancora, Amore mio, Tutto bene, Senza di te, Resta con me, Ancora una volta, Mai più, A domani,
      Buonanotte, Solo tu, Io e te, Ora o mai più, La mia vita, Dolce vita, Vieni qui, Balla con me, Piano piano,
      Come prima`),
    prepositions: lines('Senza, Dopo, Per, Verso, Contro'),
    and: 'e',
  },
  nl: {
    nouns: lines(
      'Zomer, Liefde, Nacht, Regen, Zee, Hart, Maan, Zon, Stad, Dromen, Vrijheid, Storm, Licht, Winter, Wind, Leven, Tijd, Thuis',
    ),
    phrases: lines(
      'Ik mis je, Blijf bij mij, Nog één keer, Laat me gaan, Alles komt goed, Zonder jou, Voor altijd, Welterusten, Jij en ik, Dansen',
    ),
    prepositions: [],
    and: 'en',
  },
  sv: {
    nouns: lines(
      'Sommar, Kärlek, Natt, Regn, Havet, Hjärtat, Månen, Solen, Staden, Drömmar, Frihet, Storm, Ljus, Vinter, Vinden, Livet, Tiden, Midsommar',
    ),
    phrases: lines(
      'Jag saknar dig, Stanna hos mig, En gång till, Släpp mig, Allt blir bra, Utan dig, För alltid, God natt, Du och jag, Vi dansar',
    ),
    prepositions: [],
    and: 'och',
  },
  ja: {
    nouns:
      lines(`夜明け, 花火, 青空, さくら, 星空, 雨音, 東京, 月光, 約束, 未来, 群青, 蛍, 恋人, 海辺, 夏祭り, 流れ星, 夕焼け, 初恋,
      紫陽花, 向日葵, 春風, 夜空, 灯り, 旅人, 宝物, 奇跡, 季節, 空, 海, 虹, 雪, 花, 夢, 光, 影, 心`),
    phrases: lines(
      'ありがとう, さよなら, 夏の終わり, 君の声, 風の歌, 白い雪, また明日, 会いたい, 僕らの夏, 君がいた, 明日へ, 愛してる',
    ),
    prepositions: [],
    and: '',
  },
  ko: {
    nouns: lines(
      '사랑, 밤, 꿈, 별, 봄, 여름, 가을, 겨울, 바다, 하늘, 눈물, 기억, 첫눈, 우리, 시간, 노을, 바람, 비, 달, 거리, 편지, 약속',
    ),
    phrases: lines('안녕, 너에게, 보고 싶다, 고마워, 잘 자요, 다시 만나, 사랑해, 오늘 밤, 우리의 여름'),
    prepositions: [],
    and: '',
  },
};

/** The title language of an artist's home country, and how often they sing in it rather than English. */
export const LANGUAGE_OF_COUNTRY: Readonly<Record<string, { language: Exclude<Language, 'en'>; share: number }>> = {
  FR: { language: 'fr', share: 0.6 },
  BE: { language: 'fr', share: 0.4 },
  CA: { language: 'fr', share: 0.15 },
  DE: { language: 'de', share: 0.35 },
  ES: { language: 'es', share: 0.7 },
  MX: { language: 'es', share: 0.75 },
  CO: { language: 'es', share: 0.75 },
  BR: { language: 'pt', share: 0.7 },
  IT: { language: 'it', share: 0.6 },
  NL: { language: 'nl', share: 0.2 },
  SE: { language: 'sv', share: 0.15 },
  JP: { language: 'ja', share: 0.5 },
  KR: { language: 'ko', share: 0.35 },
};

/** `la nuit` → `nuit`: the bare noun, for one-word titles (`Nuit`, `Sommer`). */
export function bare(noun: string): string {
  return noun.replace(/^(?:l'|(?:la|le|les|el|los|las|o|a|os|as|il|lo|gli|i|le|die|der|das) )/, '');
}
