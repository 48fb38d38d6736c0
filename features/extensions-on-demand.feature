@own
Feature: 扩展只在需要时读取
  构建 AgentRunner 什么也不读。默认系统提示要列出技能与 MCP 服务器，所以运行开始时读取技能目录与 MCP 配置；
  换成自己的系统提示时，直到模型第一次用到 skill:* 或 mcp:* 才读取。读到的问题（坏的技能、坏的配置、不受信任
  的项目配置）在读到之后作为警告报告，每条只报告一次。

  Scenario: 自己的系统提示、不用扩展的运行：技能目录没有被读，坏技能也就没有警告
    Given 项目的 .agents/skills 中文件夹 "Bad_Name" 的 SKILL.md 为 "no front matter"
    And Runner 使用本场景的扩展层，系统提示为 "You are a test."
    And 模型直接回复 "ok"
    When 执行一次运行
    Then 运行应以 "ok" 结束
    And 运行事件中不应有警告

  Scenario: 自己的系统提示：模型第一次用到 skill:list 时才读取，警告在那一轮之后报告，只报告一次
    Given 项目的 .agents/skills 中文件夹 "Bad_Name" 的 SKILL.md 为 "no front matter"
    And Runner 使用本场景的扩展层，系统提示为 "You are a test."
    And 模型的前两轮都调用 Bash 执行 `skill:list`，第三轮回复 "ok"
    When 执行一次运行
    Then 运行事件中应恰好有 1 条包含 "Bad_Name/SKILL.md: skipped" 的警告，在第 1 个工具调用结束之后

  Scenario: 默认系统提示：运行开始时读取，警告在模型第一次被询问之前报告
    Given 项目的 .agents/skills 中文件夹 "Bad_Name" 的 SKILL.md 为 "no front matter"
    And Runner 使用本场景的扩展层
    And 模型直接回复 "ok"
    When 执行一次运行
    Then 运行事件中应恰好有 1 条包含 "Bad_Name/SKILL.md: skipped" 的警告，在模型的第 1 条回答之前
