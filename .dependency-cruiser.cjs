// Dependency rules for src/ (npm run deps, in npm test). The layers, top to bottom:
//
//   cli  ->  service / repl  ->  runner / runtime / subagents  ->  context / hooks / usage  ->  extensions
//        ->  tools / session / todo / settings  ->  llm
//
// A module imports its own folder and the layers below it, never above. src/env-settings.ts is the one
// shared utility (every layer may use it; it imports nothing of ours). src/index.ts and src/testing.ts are
// the package's entry points and src/cli.ts the executable's: nothing in src imports them. src/visible-text.ts
// (text made safe for a terminal) is a leaf too: the CLI and the REPL's approval question use it.
// Type-only imports count: they are coupling too, even though the compiler erases them.

const LAYERS_ABOVE_LLM = '^src/(cli|service|repl|runner|runtime|subagents|context|hooks|usage|extensions|tools|session|todo|settings)/';
const ENTRY_POINTS = '^src/(index|testing|cli)[.]ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // --- Layers ----------------------------------------------------------------------------------------
    {
      name: 'llm-is-the-bottom',
      comment: 'src/llm (the model runtime) uses nothing of ours but the shared env-settings.',
      severity: 'error',
      from: { path: '^src/llm/' },
      to: { path: [LAYERS_ABOVE_LLM, ENTRY_POINTS, '^src/speckit/'] },
    },
    {
      name: 'tools-session-todo-settings-below-extensions',
      comment: 'tools, session, todo and settings sit under extensions, the runners and the CLI.',
      severity: 'error',
      from: { path: '^src/(tools|session|todo|settings)/' },
      to: { path: ['^src/(cli|service|repl|runner|runtime|subagents|context|hooks|usage|extensions)/', ENTRY_POINTS] },
    },
    {
      name: 'tools-session-todo-settings-siblings',
      comment:
        'Within the layer only tools uses todo (the TodoWrite command edits the TodoStore) and settings (what the workspace may make us run); ' +
        'session, todo and settings use no sibling.',
      severity: 'error',
      from: { path: '^src/(tools|session|todo|settings)/' },
      to: { path: '^src/(tools|session|todo|settings)/', pathNot: ['^src/$1/', '^src/todo/', '^src/settings/'] },
    },
    {
      name: 'extensions-below-runners',
      comment: 'extensions (MCP, skills) plug into the router from below the runners; the router knows them only as ExtensionHandlers.',
      severity: 'error',
      from: { path: '^src/extensions/' },
      to: { path: ['^src/(cli|service|repl|runner|runtime|subagents|context|hooks|usage)/', ENTRY_POINTS] },
    },
    {
      name: 'context-hooks-usage-below-runners',
      comment: 'Context management, hooks and usage serve the runners; they never reach up into a runner, the service, the REPL or the CLI.',
      severity: 'error',
      from: { path: '^src/(context|hooks|usage)/' },
      to: { path: ['^src/(cli|service|repl|runner|runtime|subagents)/', ENTRY_POINTS] },
    },
    {
      name: 'runners-below-service-and-repl',
      comment: 'The library never reaches up into the CLI, the service or the REPL: behaviour lives in src/, the CLI is a thin consumer.',
      severity: 'error',
      from: { path: '^src/(runner|runtime|subagents)/' },
      to: { path: ['^src/(cli|service|repl)/', ENTRY_POINTS] },
    },
    {
      name: 'service-and-repl-below-cli',
      comment: 'The service and the REPL command layer are library code the CLI renders; they never import the CLI.',
      severity: 'error',
      from: { path: '^src/(service|repl)/' },
      to: { path: ['^src/cli/', ENTRY_POINTS] },
    },
    {
      name: 'runtime-independent-of-runner',
      comment: 'AgentRuntime and AgentRunner are two runtimes over one model layer: neither uses the other.',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: { path: '^src/(runner|subagents)/' },
    },
    {
      name: 'runner-independent-of-runtime',
      comment: 'AgentRuntime and AgentRunner are two runtimes over one model layer: neither uses the other.',
      severity: 'error',
      from: { path: '^src/(runner|subagents)/' },
      to: { path: '^src/runtime/' },
    },
    {
      name: 'env-settings-is-a-leaf',
      comment: 'The shared utilities every layer may use (env-settings, visible-text) import nothing of ours, so they can never close a cycle.',
      severity: 'error',
      from: { path: '^src/(env-settings|visible-text)[.]ts$' },
      to: { path: '^src/' },
    },
    {
      name: 'nothing-imports-entry-points',
      comment: 'src/index.ts, src/testing.ts and src/cli.ts are entry points, not modules to build on.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: ENTRY_POINTS },
    },

    // --- Tooling and test code --------------------------------------------------------------------------
    {
      name: 'speckit-is-tooling',
      comment: 'src/speckit is tooling for the specification: nothing else in src imports it (and it is not in src/index.ts).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/speckit/' },
      to: { path: '^src/speckit/' },
    },
    {
      name: 'no-test-code-in-src',
      comment: 'Nothing in src imports the step definitions, the benches, the features or their fixtures.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(step-definitions|bench|features|fixtures)/' },
    },
    {
      name: 'no-test-libraries-in-src',
      comment: 'msw, chai, fast-check and cucumber are for tests. Exception: src/speckit reads cucumber messages and Gherkin (the importer round trip, the conformance report).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/speckit/' },
      to: { path: 'node_modules/(msw|chai|fast-check|@cucumber/)' },
    },
    {
      name: 'speckit-only-reads-cucumber',
      comment: 'What the exception above allows src/speckit from cucumber: its Gherkin parser, its messages and queries, its API to run.',
      severity: 'error',
      from: { path: '^src/speckit/' },
      to: { path: 'node_modules/(msw|chai|fast-check)/' },
    },
    {
      name: 'no-dev-dependencies-in-the-runtime',
      comment: 'The published runtime needs only the dependencies in package.json "dependencies" (src/speckit, tooling, uses dev ones).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/speckit/' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },

    // --- Shape ----------------------------------------------------------------------------------------
    {
      name: 'no-circular',
      comment:
        'No module reaches itself through imports that exist at run time. A cycle closed by an `import type` is allowed: ' +
        'a CLI command module declares its arguments and loads its actions module lazily, and the actions module names that type ' +
        '(run, exec, runtime, sessions, mcp, skills); runtime/run-loop names the AgentRuntime and WaitingFor types of the modules that call it; ' +
        "subagents names the runner's option types. The compiler erases these imports, so no module can see another half-loaded.",
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-deep-imports',
      comment:
        "Another folder's modules are reached through its index.ts, its API for the rest of src. " +
        'Exception: src/cli/** imports the modules it needs one by one, most of them only when a command runs: an index would load ' +
        'a whole layer at start-up (synapse --version is kept near the cost of node -e 0). The entry points (src/index.ts, src/testing.ts) ' +
        'are not in a folder: they pick the public API symbol by symbol from the modules that define it.',
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: ['^src/cli/', '^src/runtime/', '^src/extensions/'] },
      to: { path: '^src/([^/]+)/.+', pathNot: ['^src/$1/', '^src/[^/]+/index[.]ts$'] },
    },
    {
      name: 'no-deep-imports-from-extensions',
      comment:
        'As no-deep-imports, except the helpers the extension commands share with the agent commands (usage errors and option ' +
        'parsing, command results, the wording of file errors, shell quoting), the process marker (what an MCP server leaves running is found as the ' +
        "shell's leftovers are) and the atomic file write: the tools and session indexes would load the shell, " +
        'the router, the permission policy and the session store into `synapse mcp list` and `synapse skills list` ' +
        '(124 of our modules instead of 51). Types still come through the index.',
      severity: 'error',
      from: { path: '^src/extensions/' },
      to: {
        path: '^src/([^/]+)/.+',
        pathNot: [
          '^src/extensions/',
          '^src/[^/]+/index[.]ts$',
          '^src/tools/(agent-commands/agent-command|agent-commands/file-errors|command-results|shell-quote|security/process-marker)[.]ts$',
          '^src/session/atomic-write[.]ts$',
        ],
      },
    },
    {
      name: 'no-deep-imports-from-runtime',
      comment:
        'As no-deep-imports, with exceptions: AgentRuntime takes AbortError from llm/model-error, generateSessionId from ' +
        'session/session-id and the price arithmetic from usage/pricing and usage/token-usage, because the llm index loads the openai SDK ' +
        'and the session and usage indexes the session store and tokenizer, none of which a runtime with its own model needs.',
      severity: 'error',
      from: { path: '^src/runtime/' },
      to: {
        path: '^src/([^/]+)/.+',
        pathNot: ['^src/runtime/', '^src/[^/]+/index[.]ts$', '^src/llm/model-error[.]ts$', '^src/session/session-id[.]ts$', '^src/usage/(pricing|token-usage)[.]ts$'],
      },
    },
  ],
  allowed: [],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    exclude: { path: '^src/.*[.]d[.]ts$' },
  },
};
