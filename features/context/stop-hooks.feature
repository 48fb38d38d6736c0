@own
Feature: Stop hooks：库里的机制
  文档规定了 StopHook 的顺序、隔离与上下文。这里补上：一个抛错的 hook 在 Runner 里成为一条警告，其余 hook
  的输出照样接在回答后面；hook 用 emitProgress 报告的进度成为 stop_hook_progress 事件；因连续失败而停下的
  运行同样不执行 hook；注册表可以注销一个 hook。

  Scenario: Runner 里一个 hook 抛错：报告为警告，其余 hook 的输出接在回答后面
      Given Runner 注册了 stop hook "notes"（回复 "Remember to update the changelog."）与 "broken"（抛出 "disk full"）
      And 模型会回复 "Changes are done."
      When 执行一次运行
      Then 运行的结果应为 "Changes are done." 接上 stop hook 的标记与 "Remember to update the changelog."
      And Runner 应报告警告 "stop hook \"broken\" failed: disk full"
      And 会话历史的最后一条应是模型的原话 "Changes are done."

  Scenario: hook 报告的进度成为 stop_hook_progress 事件
      Given Runner 注册了一个会报告进度 "running lint" 与 "lint clean" 的 stop hook "lint"
      And 模型会回复 "Done."
      When 执行一次运行
      Then Runner 应依次报告 stop hook "lint" 的进度 "running lint"、"lint clean"
      And 运行的结果应为 "Done." 接上 stop hook 的标记与 "lint: ok"

  Scenario: 因连续工具失败停下的运行不执行 stop hook
      Given Runner 注册了 stop hook "notes"（回复 "never shown"）
      And `maxConsecutiveToolFailures=2` 且连续两轮工具调用失败
      When 执行一次运行
      Then 响应应包含 `Consecutive tool execution failures` 提示
      And stop hook 不应被执行

  Scenario: 注销的 hook 不再执行
      Given 已注册 `hook-first`、`hook-second`、`hook-third`
      When 注销 "hook-second" 后调用 executeAll
      Then 执行顺序应为 "hook-third, hook-first"

  Scenario: 关掉的执行器连注册表里已有的 hook 也不执行
    Given Runner 注册了 stop hook "notes"（回复 "never shown"），执行器是关掉的
    And 模型会回复 "Done."
    When 执行一次运行
    Then 运行的结果应为 "Done."
    And stop hook 不应被执行

  Scenario: 加载 hook 失败、进度回调异步失败、告警本身抛错：都不影响回答
    Given 一个加载时会抛出 "settings unreadable" 的 stop hook 执行器，它的 hook 报告进度，进度回调返回被拒的 Promise
    When 执行器为回答 "Done." 执行 hook
    Then 回答应原样返回
    And 执行器应报告警告 "stop hooks could not be loaded: settings unreadable"

  Scenario: 没有告警接收者时，失败的 hook 成为一个进程警告
    Given 一个没有告警接收者的执行器，注册了抛出 "broken" 的 hook "bad"
    When 执行器为回答 "Done." 执行 hook
    Then 回答应原样返回
    And 进程应收到警告 "stop hook \"bad\" failed: broken"
