@own
Feature: 公共 API：分组导出需要的，内部实现留在内部，测试替身在 synapse-spec/testing
  库的使用者从包名导入。src/index.ts 按概念分组导出 AgentRunner、AgentRuntime 及其驱动循环、模型、工具、会话、
  Todo 与子代理；内部的辅助函数和常量不导出，同一个东西只有一个名字；脚本化模型这样的测试替身从
  `synapse-spec/testing` 子路径导入。这里在构建好的包上按包名导入，检查 package.json 的 exports 真的这样生效。

  Scenario: 按包名导入：需要的都在，内部实现不在
    When 用 Node 按包名导入 "synapse-spec"
    Then 导出应该包括 "AgentRunner, AgentRuntime, parseAgentState, compactState, RunSummary, SessionStore, BashRouter, BashTool, TodoStore, createOpenAIModelRuntime, createToolApprovalAgent, StepError, AbortError, accumulateUsage, formatCostOutput, loadPricingFile, RunBudget, resolveSettings, SettingsManager"
    And 导出不应该包括 "ScriptedModel, firstWord, runInFixedBatches, runPool, generateSessionId, newSessionId, CONSECUTIVE_FAILURES_MESSAGE, quoteShellArg, tokenizeShellLine, HISTORY_FILE, warmUpTokenizer"

  Scenario: 测试替身从 synapse-spec/testing 导入
    When 用 Node 按包名导入 "synapse-spec/testing"
    Then 导出应该包括 "ScriptedModel, scriptedConversationSchema, toHttpResponse"
    And 导出不应该包括 "AgentRunner"
