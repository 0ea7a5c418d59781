/**
 * Suggestions and explanations from the site's JSON Schema: asked for (Ctrl+Space), the keys and
 * values a block accepts; on hovering a key, what it is for. The schema is large and the library
 * that reads it is too, so both are loaded once the editor is already on screen, and the editor
 * works without them if either cannot be had.
 */
import { autocompletion } from '@codemirror/autocomplete';
import { yamlLanguage } from '@codemirror/lang-yaml';
import { hoverTooltip, type EditorView } from '@codemirror/view';
import { getJson } from './api.ts';
import { schemaAssist } from './editor.ts';

/** Loads the schema and the library, then gives the editor completion and hover from them. */
export async function loadSchemaAssist(view: EditorView, schemaUrl: string): Promise<void> {
  if (!schemaUrl) return;
  const [library, yaml, schema] = await Promise.all([
    import('codemirror-json-schema'),
    import('codemirror-json-schema/yaml'),
    getJson<Parameters<typeof import('codemirror-json-schema').stateExtensions>[0]>(schemaUrl),
  ]);
  view.dispatch({
    effects: schemaAssist.reconfigure([
      library.stateExtensions(schema),
      // Suggestions come when asked for (Ctrl+Space): worked out from the whole site schema, they
      // take the browser most of a second, which on every keystroke would hold up typing.
      autocompletion({ activateOnTyping: false }),
      yamlLanguage.data.of({ autocomplete: yaml.yamlCompletion() }),
      hoverTooltip(yaml.yamlSchemaHover()),
    ]),
  });
}
