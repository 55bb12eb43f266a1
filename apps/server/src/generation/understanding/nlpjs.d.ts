// @nlpjs ships JavaScript without types: the stemmers are all this module uses.
declare module '@nlpjs/lang-en-min' {
  export class StemmerEn {
    stem(tokens: string[]): string[];
  }
}
declare module '@nlpjs/lang-es' {
  export class StemmerEs {
    stem(tokens: string[]): string[];
  }
}
declare module '@nlpjs/lang-pl' {
  export class StemmerPl {
    stem(tokens: string[]): string[];
  }
}
