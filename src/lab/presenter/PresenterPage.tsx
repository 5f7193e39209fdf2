/*
 * PresenterPage.tsx -- the #/present routes: #/present lists the scene scripts of
 * lessons/scenes (and opens one from a file on the instructor's computer);
 * #/present/<id> presents one, and #/present/<id>/<n> presents it from scene n (the
 * address follows Previous and Next, so a class can resume where it stopped; a scene
 * number the script does not have is explained, with links to the scenes). A script that does not parse, bundled or opened, is
 * shown with every problem (file, line, field, fix) instead of a broken show. The
 * site loads this module lazily (App.tsx): presenter code is not in the lab's first load.
 */
import { useEffect, useId, useState } from 'react';
import { Presenter } from './Presenter.js';
import { sceneFromLink, type SceneScript, type ScriptResult } from './script.js';
import { parseLocalScript, scripts } from './scripts.js';
import './presenter.css';
import { own } from '../../core/safe-keys.js';
import { readTextFile } from '../../shared/text-file.js';

export function PresenterPage({ script, scene }: { script?: string; scene?: string }) {
  const [local, setLocal] = useState<ScriptResult | undefined>();
  useEffect(() => {
    document.body.classList.add('presenting');
    return () => document.body.classList.remove('presenting');
  }, []);
  if (local?.ok) return <Presenter script={local.script} />;
  if (script !== undefined && !local) {
    const found = own(scripts, script);
    if (!found) return <Unknown id={script} />;
    if (found.ok) {
      const start = sceneFromLink(scene, found.script);
      if (!start.ok) return <BadScene id={script} script={found.script} message={start.message} />;
      return <Presenter script={found.script} linkId={script} initialScene={start.index} />;
    }
    return <Problems result={found} />;
  }
  return (
    <div className="present-index">
      <h1>Presenter mode</h1>
      <p>
        Step a class through a script of scenes on a projector: large type, the simulation running, and questions the class answers before
        you reveal what happened. <kbd>?</kbd> lists the keys once a script is open.
      </p>
      {local && !local.ok && <Problems result={local} />}
      <h2>Scripts</h2>
      <ScriptList />
      <h2>Your own script</h2>
      <p>
        Write a scene script in YAML (<code>docs/presenting.md</code> describes the format) and open it here; it is read in this browser and
        sent nowhere.
      </p>
      <OpenFile onRead={setLocal} />
      <p>
        <a href="#/lab">Back to the lab</a> · <a href="#/lessons">Lessons</a>
      </p>
    </div>
  );
}

function ScriptList() {
  return (
    <ul className="present-list">
      {Object.entries(scripts).map(([id, result]) => (
        <li key={id}>
          {result.ok ? (
            <>
              <a className="present-link" href={`#/present/${id}`}>
                {result.script.title}
              </a>
              <span className="muted"> · {result.script.scenes.length} scenes</span>
              {result.script.summary && <p>{result.script.summary}</p>}
            </>
          ) : (
            <>
              <a className="present-link" href={`#/present/${id}`}>
                lessons/scenes/{id}.yaml
              </a>
              <span> (has errors)</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A scene script is a few KB of YAML; anything over this was picked by mistake. */
const MAX_SCRIPT_BYTES = 1_000_000;

function OpenFile({ onRead }: { onRead: (result: ScriptResult) => void }) {
  const id = useId();
  const [error, setError] = useState('');
  return (
    <p className="present-open">
      <label htmlFor={id}>Open a scene script (.yaml)</label>{' '}
      <input
        id={id}
        type="file"
        accept=".yaml,.yml,text/yaml"
        onChange={(event) => {
          const file = event.target.files?.[0];
          setError('');
          if (!file) return;
          void readTextFile(file, MAX_SCRIPT_BYTES).then((read) => {
            if (read.ok) onRead(parseLocalScript(file.name, read.text));
            else setError(`${read.message} Choose the file again.`);
          });
        }}
      />
      {error && (
        <span role="alert" className="present-error">
          {error}
        </span>
      )}
    </p>
  );
}

function Problems({ result }: { result: Extract<ScriptResult, { ok: false }> }) {
  return (
    <section className="present-problems" role="alert" aria-labelledby="present-problems-title">
      <h2 id="present-problems-title">{result.file} cannot be presented</h2>
      <p>
        Fix {result.problems.length === 1 ? 'this problem' : `these ${result.problems.length} problems`} in the script, then open it again:
      </p>
      <ul>
        {result.problems.map((problem, i) => (
          <li key={i}>
            <p>
              <code>
                {problem.file}:{problem.line}
              </code>{' '}
              {problem.message}
            </p>
            <p>
              <strong>Fix:</strong> {problem.fix}
            </p>
          </li>
        ))}
      </ul>
      <p>
        <a href="#/present">All scripts</a>
      </p>
    </section>
  );
}

function Unknown({ id }: { id: string }) {
  return (
    <div className="present-index" role="alert">
      <h1>There is no scene script "{id}"</h1>
      <p>Presenter mode has these scripts, from lessons/scenes:</p>
      <ScriptList />
    </div>
  );
}

/** A link to a scene the script does not have: what is wrong, and the scenes it has. */
function BadScene({ id, script, message }: { id: string; script: SceneScript; message: string }) {
  return (
    <div className="present-index" role="alert">
      <h1>There is no such scene</h1>
      <p>{message}</p>
      <p>The scenes of &ldquo;{script.title}&rdquo;:</p>
      <ol className="present-scenes">
        {script.scenes.map((s, i) => (
          <li key={i}>
            <a className="present-link" href={`#/present/${id}/${i + 1}`}>
              {s.title}
            </a>
          </li>
        ))}
      </ol>
      <p>
        <a href="#/present">All scripts</a>
      </p>
    </div>
  );
}
