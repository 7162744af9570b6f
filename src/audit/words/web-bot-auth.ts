// The web-bot-auth check's findings and fixes.
import { checkWords } from './check-words.ts';

export const webBotAuthWords = checkWords({
  en: {
    noDirectory: 'no Web Bot Auth key directory (only needed by sites whose agents sign requests)',
    serveDirectory:
      "Serve {path} as a JWKS ('{\"keys\": [...]}') of public keys, each key''s kid (if it has one) its RFC 7638 JWK thumbprint.",
    notServed: 'the key directory answers {status}',
    noKeys: 'the key directory is not a JWKS with keys',
    kidNotThumbprint: "a key''s kid is not its JWK thumbprint",
    kidAndThumbprint: 'kid {kid}, thumbprint {thumbprint}',
    kidOfNoJwk: 'kid {kid}, thumbprint none (not a JWK)',
    passed:
      'key directory with {keys, plural, one {# key} other {# keys}}, each a JWK whose kid, where given, is its thumbprint',
  },
  de: {
    noDirectory:
      'kein Schlüsselverzeichnis für Web Bot Auth (nur nötig für Websites, deren Agenten ihre Anfragen signieren)',
    serveDirectory:
      'Liefern Sie {path} als JWKS öffentlicher Schlüssel aus (\'{"keys": [...]}\'), in dem die kid jedes Schlüssels (sofern er eine hat) sein JWK-Thumbprint nach RFC 7638 ist.',
    notServed: 'das Schlüsselverzeichnis antwortet mit {status}',
    noKeys: 'das Schlüsselverzeichnis ist kein JWKS mit Schlüsseln',
    kidNotThumbprint: 'die kid eines Schlüssels ist nicht sein JWK-Thumbprint',
    kidAndThumbprint: 'kid {kid}, Thumbprint {thumbprint}',
    kidOfNoJwk: 'kid {kid}, kein Thumbprint (kein JWK)',
    passed:
      'Schlüsselverzeichnis mit {keys, plural, one {# Schlüssel} other {# Schlüsseln}}, jeder ein JWK, dessen kid, sofern angegeben, sein Thumbprint ist',
  },
});
