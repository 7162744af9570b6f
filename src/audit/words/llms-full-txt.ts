// The llms-full-txt check's findings and fixes.
import { checkWords } from './check-words.ts';

export const llmsFullTxtWords = checkWords({
  en: {
    serveFile: 'Serve /llms-full.txt as text/markdown or text/plain: every page of the site as markdown, in one file.',
    absent: 'no /llms-full.txt ({status}); it is optional',
    htmlPage: '/llms-full.txt answers with an HTML page, not the file',
    empty: '/llms-full.txt is empty',
    notServed: '/llms-full.txt answers {status}',
    wrongType: '/llms-full.txt is served as {type}',
    noType: '/llms-full.txt is served as no type',
    htmlAsText: '/llms-full.txt is an HTML page served as text',
    passed: '/llms-full.txt is {type}, beginning "{first}"',
    passedSized: '/llms-full.txt is {type}, {size} bytes, beginning "{first}"',
  },
  de: {
    serveFile:
      'Liefern Sie /llms-full.txt als text/markdown oder text/plain aus: jede Seite der Website als Markdown, in einer Datei.',
    absent: 'keine /llms-full.txt ({status}); die Datei ist optional',
    htmlPage: '/llms-full.txt antwortet mit einer HTML-Seite, nicht mit der Datei',
    empty: '/llms-full.txt ist leer',
    notServed: '/llms-full.txt antwortet mit {status}',
    wrongType: '/llms-full.txt wird als {type} ausgeliefert',
    noType: '/llms-full.txt wird ohne Typ ausgeliefert',
    htmlAsText: '/llms-full.txt ist eine HTML-Seite, die als Text ausgeliefert wird',
    passed: '/llms-full.txt ist {type} und beginnt mit „{first}“',
    passedSized: '/llms-full.txt ist {type} mit {size} Bytes und beginnt mit „{first}“',
  },
});
