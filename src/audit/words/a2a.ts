// The a2a-connect check's findings and fixes. A client error is the SDK's own sentence, placed as {error}.
import { checkWords } from './check-words.ts';

export const a2aWords = checkWords({
  en: {
    noCard: 'no agent card to resolve',
    cardFails: 'the agent card does not pass its check, so no connection is tried',
    failedTask: 'the agent answered a text message with a failed task',
    answerTask: 'Answer a plain text message with a completed task or a message.',
    answered: 'the A2A client resolved the card and got {answer, select, task {a task} other {a message}} back',
    noAnswer: 'the A2A client could not get an answer: {error}',
    answerSendMessage:
      'Make the interface in the agent card answer SendMessage with a text part, at the URL the card gives.',
  },
  de: {
    noCard: 'keine Agent-Card, über die sich der Agent erreichen ließe',
    cardFails: 'die Agent-Card besteht ihre eigene Prüfung nicht, deshalb wird keine Verbindung versucht',
    failedTask: 'der Agent hat eine Textnachricht mit einer fehlgeschlagenen Aufgabe (Task) beantwortet',
    answerTask:
      'Beantworten Sie eine einfache Textnachricht mit einer abgeschlossenen Aufgabe (Task) oder einer Nachricht.',
    answered:
      'der A2A-Client hat die Agent-Card aufgelöst und {answer, select, task {eine Aufgabe (Task)} other {eine Nachricht}} zurückbekommen',
    noAnswer: 'der A2A-Client hat keine Antwort bekommen: {error}',
    answerSendMessage:
      'Sorgen Sie dafür, dass die Schnittstelle aus der Agent-Card unter der dort angegebenen URL SendMessage mit einem Textteil beantwortet.',
  },
});
