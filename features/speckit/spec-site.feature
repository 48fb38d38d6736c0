@own @speckit
Feature: 活文档站点：评审者读到自己写的文档，每个场景标出结果、转写位置与证据
  npm run spec:site 由最近一次报告运行（reports/cucumber.ndjson）生成 reports/site/：每份源文档按系列自己的命名
  （模块与优先级）分组列在索引中，一份文档一页，照原样渲染它的 Markdown；每个场景旁是它的状态、耗时、转写到的
  特性文件行、可展开的证据（模型请求与脚本回复、工具调用与结果、留下的文件），以及 README 中适用于它的解释行。
  站点从 file:// 打开，不需要服务器，也不访问网络。

  Rule: 索引列出每一份源文档；被过滤掉的场景是 not run，未转写的文档是 pending，从不写 "0 passed"

    Scenario: 一次过滤过的运行：运行了的场景给出结果，其余的说明为什么没有结果
      Given 源文档目录中有一份名为 "seed.md" 的规范文档，内容为 "# 种子\n\n## Feature: A\n\n### Scenario: 通过的\n**Given** x\n\n### Scenario: 失败的\n**Given** y\n\n### Scenario: 没运行的\n**Given** z"
      And 一次运行中 "seed.md" 的转写里 "通过的" 通过、"失败的" 失败、"没运行的" 被过滤掉
      And 交接目录中有一份名为 "01-p0-core-runtime-part02.md" 的规范文档，内容为 "# P0 核心（part02）\n\n## Feature: B\n\n### Scenario: 已转写\n**Given** x"
      And 特性目录中有它的转写
      And 交接目录中有一份名为 "01-p0-core-runtime-part01.md" 的规范文档，内容为 "# P0 核心（part01）\n\n## Feature: C\n\n### Scenario: 待转写一\n**Given** x\n\n### Scenario: 待转写二\n**Given** y"
      When 由这次运行生成活文档站点
      Then 站点首页应按分组列出文档:
        | 分组                     | 文档                           | 计数                            |
        | 01 · P0 · core runtime | 01-p0-core-runtime-part01.md | 2 pending                       |
        | 01 · P0 · core runtime | 01-p0-core-runtime-part02.md | 1 not run                       |
        | Outside the series     | seed.md                      | 1 passed · 1 failed · 1 not run |
      And 站点首页的文字中不应有 "0 passed"
      And "01-p0-core-runtime-part01.md" 的文档页中，场景 "待转写二" 应为 "pending"，说明 "the document is handed over and not transcribed yet"

  Rule: 文档页照原样渲染文档，每个场景旁是它的结果、转写位置、证据与解释

    Scenario: 一个通过的场景：状态、耗时、特性文件行、证据和引用它的 README 解释行；文档中的标记只是文字
      Given 源文档目录中有一份名为 "seed.md" 的规范文档，内容为 "# 种子\n\n## Feature: A\n\n### Scenario: 调用工具\n**Given** 调用 `doThing()`\n**Then** 得到 <b>结果</b>\n\n```ts\nexpect(done).toBe(true);\n```"
      And 一次运行中 "seed.md" 的转写里 "调用工具" 通过，附上的证据是 "== Model (msw, in process) ==\nrequest 1: <script>alert(1)</script>"
      And README 的解释表中有一行 "| seed.md | `doThing()` | our `Thing.do()` |"
      When 由这次运行生成活文档站点
      Then "seed.md" 的文档页中，场景 "调用工具" 应为 "passed"，转写到 "features/seed.feature:6"
      And 它的证据中应有步骤 "Given 调用 `doThing()`"，以及标题 "Model (msw, in process)" 下的文字 "request 1: <script>alert(1)</script>"
      And 它旁边应有 README 第 5 行的解释 "our Thing.do()"
      And 文档页的文字中应有 "得到 <b>结果</b>" 与代码 "expect(done).toBe(true);"，页面中没有来自文档或证据的标记

    Scenario: 失败的场景：证据已展开，给出失败的消息与附上的截图；导入不了的文档在索引和它的页上说明原因
      Given 源文档目录中有一份名为 "seed.md" 的规范文档，内容为 "# 种子\n\n## Feature: A\n\n### Scenario: 失败的\n**Given** y"
      And 一次运行中 "seed.md" 的转写里 "失败的" 失败，消息是 "expected 1 to equal 2"，并附上截图 "screen.png"
      And 源文档目录中有一份名为 "broken.md" 的规范文档，内容为 "# 坏\n\n## Feature: A\n\n### Scenario: 空"
      When 由这次运行生成活文档站点
      Then "seed.md" 的文档页中，场景 "失败的" 的证据应已展开，有失败消息 "expected 1 to equal 2" 和图片 "screen.png"
      And 站点首页上 "broken.md" 应为 "does not import"，它的文档页说明 "has no steps (steps are lines like"

    Scenario: README 的解释行按第一列对应到文档：all、模块加 partNN、接续上一行模块的 partNN、整个模块、文档名、第二列的 (also ...)
      Given 源文档有 "01-p0-core-runtime-part01.md, 01-p0-core-runtime-part02.md, 01-p0-core-runtime-part09.md, 02-p1-core-tools-part05.md, 02-p1-core-tools-part06.md, agent-runtime.md"
      When 读 README 的解释表:
        | document             | the document says                 | here |
        | all                  | `vitest` sketches                 | a    |
        | 01-p0 part01, part02 | `bun run chat`                    | b    |
        | part02               | "降级为 echo 模式"                   | c    |
        | 02-p1                | `SettingsManager`                 | d    |
        | agent-runtime.md     | `AgentRuntime`                    | e    |
        | 02-p1 part05         | `x` (also 01-p0 part09)           | f    |
        | 01-p0 part07         | `y`                               | g    |
      Then 各行对应的文档应为:
        | here | 文档                                                                                                                                                 | 对应不上的         |
        | a    | 01-p0-core-runtime-part01.md, 01-p0-core-runtime-part02.md, 01-p0-core-runtime-part09.md, 02-p1-core-tools-part05.md, 02-p1-core-tools-part06.md, agent-runtime.md |                    |
        | b    | 01-p0-core-runtime-part01.md, 01-p0-core-runtime-part02.md                                                                                           |                    |
        | c    | 01-p0-core-runtime-part02.md                                                                                                                         |                    |
        | d    | 02-p1-core-tools-part05.md, 02-p1-core-tools-part06.md                                                                                               |                    |
        | e    | agent-runtime.md                                                                                                                                     |                    |
        | f    | 02-p1-core-tools-part05.md, 01-p0-core-runtime-part09.md                                                                                             |                    |
        | g    |                                                                                                                                                      | 01-p0 part07       |

  Rule: spec:site 命令说清楚它读什么、写到哪里

    Scenario: 指定的报告不存在或不是 cucumber 的消息时以 2 退出；输出目录里有不是它写的文件时拒绝写入，什么也不删
      When 用 spec:site 命令由报告 "missing.ndjson" 生成站点
      Then 命令退出码应为 2
      And 命令的标准错误应为:
        """
        spec:site: --report missing.ndjson: no such file (write one with npm run cucumber:report)
        """
      Given 报告 "bad.ndjson" 的内容为 "{\"testRunStarted\":{}}\nnot json"
      When 用 spec:site 命令由报告 "bad.ndjson" 生成站点
      Then 命令退出码应为 2
      And 命令的标准错误应包含 "spec:site: bad.ndjson:2: not JSON ("
      Given 输出目录中已有一个文件 "notes.txt"
      When 用 spec:site 命令由一次空的运行生成站点到输出目录
      Then 命令退出码应为 2
      And 命令的标准错误应包含 "holds files spec:site did not write; choose an empty or new folder for the site"
      And 输出目录中应仍有 "notes.txt"

  Rule: 评审者在真实的浏览器中打开站点（系统的 Chromium，无头；不下载任何东西）

    @browser
    Scenario: 从 file:// 打开站点，点开一个场景看到它做了什么，按状态过滤，搜索；页面从不访问 file:// 之外的地址
      Given 一次只运行了 "features/agent-runtime.feature:148" 的报告运行
      When 用 spec:site 命令由这次运行生成站点
      And 在浏览器中打开站点首页
      Then 首页应列出源文档目录与交接目录中的每一份文档
      And 首页上 "agent-runtime.md" 应为 "1 passed · 17 not run"
      And 把页面截图附到报告中，名为 "index.png"
      When 在首页点击 "agent-runtime.md"，再点开场景 "完成一个包含工具调用的完整对话流程" 的证据
      Then 证据中应可见 "It is 25°C and sunny in Beijing."
      And 把页面截图附到报告中，名为 "agent-runtime.png"
      When 按状态 "not run" 过滤
      Then 文档页应只显示 17 个场景，不显示 "完成一个包含工具调用的完整对话流程"
      When 在搜索框输入 "modelRuntime"
      Then 搜索结果应列出场景 "要求配置 modelRuntime"，状态为 "not run"
      And 浏览器请求过的地址应都是 file://
