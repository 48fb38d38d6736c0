@own @speckit
Feature: 规范工具：Markdown 文档导入为 Gherkin，检查转写漂移，报告一致性
  需求文档是 Markdown（`# 标题`、`## 范围`、`## Feature:`、`### Scenario:`、`**Given** ...` 行、`## 业务规则`）。
  导入器把它确定地转写为 Gherkin；无法忠实转写的文档被拒绝并指出行号，绝不产生没有步骤的场景。
  spec:check 在 npm test 中把每份文档的导入结果与 features/ 中的转写逐字节比较。

  Rule: 文档的每一种结构都有确定的转写

    Scenario: 一份完整的文档被转写为 Gherkin
      Given 一份名为 "demo.md" 的规范文档:
        """markdown
        # 演示文档

        ## 范围
        - 第一项：`code` 保持原样
        - 第二项

        ## Feature: 基本功能

        ### Scenario: 第一个场景
        **Given** 前提\
        **When** 动作
        **Then** 结果
        **And** 更多结果

        ```typescript
        expect(result).toBe(42);
        ```

        ---

        ### Scenario: 第二个场景
        **Given** 另一个前提
        **But** 不是这样

        ## 业务规则

        开场白不导入。

        ### Rule: 规则一
        **规则**: 必须如此\
        **原因**: 因为这样

        ## 备注
        - 备注不导入
        """
      When 导入这份文档
      Then 导入结果应为:
        """gherkin
        @source:demo.md
        Feature: 演示文档
          - 第一项：`code` 保持原样
          - 第二项

          Rule: 基本功能

            Scenario: 第一个场景
              Given 前提
              When 动作
              Then 结果
              And 更多结果

            Scenario: 第二个场景
              Given 另一个前提
              But 不是这样

          Rule: 规则一
            规则: 必须如此
            原因: 因为这样
        """
      And 场景 "第一个场景" 应追溯到文档第 9 行、特性文件第 8 行
      And 场景 "第二个场景" 应追溯到文档第 21 行、特性文件第 14 行

    Scenario: 概述段落成为 Feature 的描述
      Given 一份名为 "overview.md" 的规范文档:
        """markdown
        # 概述文档

        ## 概述

        本文档描述一个行为。

        ## Feature: 行为

        ### Scenario: 唯一的场景
        **Given** 前提
        **Then** 结果
        """
      When 导入这份文档
      Then 导入结果应为:
        """gherkin
        @source:overview.md
        Feature: 概述文档
          本文档描述一个行为。

          Rule: 行为

            Scenario: 唯一的场景
              Given 前提
              Then 结果
        """

  Rule: 无法忠实转写的文档被拒绝，错误指出文档的行号

    Scenario Outline: <问题>
      Given 一份名为 "bad.md" 的规范文档，内容为 "<文档>"
      When 导入这份文档
      Then 导入应失败，错误指出 "bad.md" 第 <行> 行：<错误>

      Examples:
        | 问题                         | 文档                                                                                | 行 | 错误                                              |
        | 没有步骤的场景                   | # T\n\n## Feature: A\n\n### Scenario: 空\n\n### Scenario: 有\n**Given** x            | 5 | scenario "空" has no steps                          |
        | 场景之外的步骤                   | # T\n\n## Feature: A\n**Given** 游离\n\n### Scenario: s\n**Given** x                 | 4 | "**Given**" step outside a scenario                 |
        | 未知的关键字                    | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n**Wenn** y                   | 7 | unknown keyword "**Wenn**"                          |
        | 场景中不是步骤的文字               | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n普通文字                        | 7 | text in scenario "s" that is not a step             |
        | Feature 之外的场景              | # T\n\n### Scenario: s\n**Given** x                                                | 3 | scenario outside a "## Feature:" section            |
        | 层级错误的场景标题                | # T\n\n## Feature: A\n\n## Scenario: s\n**Given** x                                | 5 | "## Scenario:" is at the wrong level                |
        | 没有闭合的代码块                 | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n```ts\n...                    | 7 | code block is never closed                          |
        | 没有标题                       | ## Feature: A\n\n### Scenario: s\n**Given** x                                      | 1 | expected the document to start with `# <title>`     |
        | 重复的场景标题                   | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n### Scenario: s\n**Given** y | 8 | duplicate scenario title "s" (also at line 5)       |
        | Gherkin 会当作语法的描述           | # T\n\n## 概述\n@tag 像标签的一行\n\n## Feature: A\n\n### Scenario: s\n**Given** x       | 4 | cannot be written as Gherkin description text       |
        | 没有场景的 Feature              | # T\n\n## Feature: A\n\n## Feature: B\n\n### Scenario: s\n**Given** x               | 3 | "## Feature: A" has no scenarios                    |
        | 业务规则之外的规则              | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n### Rule: r                   | 8 | "### Rule:" outside the "## 业务规则" section         |
        | 层级太深的场景标题              | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n#### Scenario: deep            | 8 | unsupported heading "#### Scenario:" (expected "### Scenario:" in a "## Feature:" section or "### Rule:" in "## 业务规则") |
        | 第二个文档标题                  | # T\n\n# U\n\n## Feature: A\n\n### Scenario: s\n**Given** x                          | 3 | a second "# " title (the first is at line 1)        |
        | 空的 Feature 标题               | # T\n\n## Feature:\n\n### Scenario: s\n**Given** x                                   | 3 | empty "## Feature:" title                           |
        | 空的步骤                        | # T\n\n## Feature: A\n\n### Scenario: s\n**Given**\n**Given** x                      | 6 | empty "Given" step                                  |
        | 空的场景标题                    | # T\n\n## Feature: A\n\n### Scenario:\n**Given** x                                   | 5 | empty scenario title                                |
        | 空的规则标题                    | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n## 业务规则\n\n### Rule:\n规则文字 | 10 | empty rule title                                 |
        | Feature 里的其他标题            | # T\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n### 备注                       | 8 | unexpected heading "### 备注" in a "## Feature:" section |

    Scenario: spec:import 命令拒绝坏文档，一个文件也不写，每个问题一行
      Given 一份名为 "good.md" 的规范文档，内容为 "# G\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 一份名为 "bad.md" 的规范文档，内容为 "# B\n\n## Feature: A\n\n### Scenario: 空\n\n### Scenario: t\n**Given** x\n**Wenn** y"
      When 用 spec:import 命令导入 "good.md" 和 "bad.md"
      Then 命令退出码应为 2
      And 命令的标准错误应为:
        """
        bad.md:5: scenario "空" has no steps (steps are lines like "**Given** ...")
        bad.md:9: unknown keyword "**Wenn**" (steps start with **Given**, **When**, **Then**, **And**, **But**)
        """
      And 输出目录中不应有任何文件

    Scenario: spec:import 命令为每份文档写出转写，每写一个文件报告一行
      Given 一份名为 "first.md" 的规范文档，内容为 "# F\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 一份名为 "second.md" 的规范文档，内容为 "# S\n\n## Feature: B\n\n### Scenario: s\n**Given** x\n\n### Scenario: t\n**Given** y"
      When 用 spec:import 命令导入 "first.md" 和 "second.md"
      Then 命令退出码应为 0
      And 命令的标准输出应包含 "/first.feature (1 scenarios from first.md)"
      And 命令的标准输出应包含 "/second.feature (2 scenarios from second.md)"
      And 输出目录中应只有文件 "first.feature, second.feature"，与直接导入的转写相同

    Scenario: spec:import 命令读不了文档或没有文档时以 2 退出，什么也不写
      Given 一份名为 "first.md" 的规范文档，内容为 "# F\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      When 用 spec:import 命令导入 "first.md" 和 "missing.md"
      Then 命令退出码应为 2
      And 命令的标准错误应包含 "spec:import: cannot read "
      And 命令的标准错误应包含 "missing.md"
      And 输出目录中不应有任何文件
      When 不带文档运行 spec:import 命令
      Then 命令退出码应为 2
      And 命令的标准错误应包含 "spec:import: no document given; usage: npm run spec:import -- <document.md>... [--out <dir>]"

  Rule: spec:check 发现转写与文档的任何差异

    Scenario: 转写被改动时检查失败并给出可读的差异
      Given 源文档目录中有一份名为 "demo.md" 的规范文档，内容为 "# D\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n**Then** 结果"
      And 特性目录中有它的转写，但 "Then 结果" 被改成了 "Then 别的结果"
      When 检查转写
      Then 检查应失败，差异中有 "-      Then 别的结果" 和 "+      Then 结果"

    Scenario: 既不是转写也没有 @own 标签的特性文件被指出
      Given 源文档目录中有一份名为 "demo.md" 的规范文档，内容为 "# D\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 特性目录中有它的转写
      And 特性目录中有一个没有标签的特性文件 "extra.feature"
      When 检查转写
      Then 检查应失败，并指出 "extra.feature" 既没有 @source:<document> 也没有 @own

    Scenario: spec:check 命令每份文档一行：一致、缺少转写、无法导入、有差异；标签问题逐个列出，最后是结论
      Given 源文档目录中有一份名为 "a.md" 的规范文档，内容为 "# A\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 特性目录中有它的转写
      And 源文档目录中有一份名为 "b.md" 的规范文档，内容为 "# B\n\n## Feature: B\n\n### Scenario: s\n**Given** x"
      And 源文档目录中有一份名为 "c.md" 的规范文档，内容为 "## Feature: C"
      And 源文档目录中有一份名为 "d.md" 的规范文档，内容为 "# D\n\n## Feature: D\n\n### Scenario: s\n**Given** x\n**Then** 结果"
      And 特性目录中有它的转写，但 "Then 结果" 被改成了 "Then 别的结果"
      And 特性目录中有特性文件 "ghost.feature"，内容为 "@source:zzz.md\nFeature: 幽灵\n\n  Scenario: s\n    Given x\n"
      And 特性目录中有特性文件 "copy.feature"，内容为 "@source:a.md\nFeature: 副本\n\n  Scenario: s\n    Given x\n"
      And 特性目录中有特性文件 "both.feature"，内容为 "@source:a.md @own\nFeature: 两样\n\n  Scenario: s\n    Given x\n"
      And 特性目录中有特性文件 "twice.feature"，内容为 "@source:a.md @source:d.md\nFeature: 两份\n\n  Scenario: s\n    Given x\n"
      And 特性目录中有特性文件 "broken.feature"，内容为 "@own\nFeature: 坏的\n  Scenario: s\n    Given x\n  Scenario"
      When 对源文档目录与特性目录运行 spec:check 命令
      Then 命令退出码应为 1
      And 命令的标准错误应包含 "ok     a.md -> features/a.feature (1 scenarios)"
      And 命令的标准错误应包含 "MISSING features/b.feature: run npm run spec:import -- "
      And 命令的标准错误应包含 "INVALID c.md:\n  c.md:1: expected the document to start with `# <title>`"
      And 命令的标准错误应包含 "DRIFT  features/d.feature differs from d.md (- the repository, + the document):"
      And 命令的标准错误应包含 "TAGS   features/ghost.feature is tagged @source:zzz.md, but "
      And 命令的标准错误应包含 "TAGS   features/copy.feature is tagged @source:a.md, whose transcription is a.feature"
      And 命令的标准错误应包含 "TAGS   features/both.feature is tagged both @source:a.md and @own"
      And 命令的标准错误应包含 "TAGS   features/twice.feature has 2 @source: tags"
      And 命令的标准错误应包含 "TAGS   features/broken.feature does not parse: "
      And 命令的标准错误应包含 "spec:check: FAILED (see above)"

    Scenario: 全部一致时 spec:check 命令在标准输出上给出文档数与场景数，退出码 0
      Given 源文档目录中有一份名为 "a.md" 的规范文档，内容为 "# A\n\n## Feature: A\n\n### Scenario: s\n**Given** x\n\n### Scenario: t\n**Given** y"
      And 特性目录中有它的转写
      When 对源文档目录与特性目录运行 spec:check 命令
      Then 命令退出码应为 0
      And 命令的标准输出应包含 "spec:check: 1 documents, 2 scenarios, every transcription matches its source ("

    Scenario: 交接目录中尚未转写的文档是 PENDING 而不是失败；已转写的与其他文档一样逐字节检查
      Given 源文档目录中有一份名为 "a.md" 的规范文档，内容为 "# A\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 特性目录中有它的转写
      And 交接目录中有一份名为 "n1.md" 的规范文档，内容为 "# N1\n\n## Feature: N\n\n### Scenario: s\n**Given** x\n\n### Scenario: t\n**Given** y"
      And 交接目录中有一份名为 "n2.md" 的规范文档，内容为 "# N2\n\n## Feature: N\n\n### Scenario: s\n**Given** x"
      And 特性目录中有它的转写
      When 对源文档目录、交接目录与特性目录运行 spec:check 命令
      Then 命令退出码应为 0
      And 命令的标准输出应包含 "PENDING n1.md (2 scenarios, handed over in "
      And 命令的标准输出应包含 "ok     n2.md -> features/n2.feature (1 scenarios)"
      And 命令的标准输出应包含 "spec:check: 2 documents, 2 scenarios, every transcription matches its source ("
      And 命令的标准输出应包含 "; 1 handed-over document pending"

    Scenario: 交接目录中已转写的文档一旦漂移，spec:check 与其他文档一样失败；同名文档出现在两个目录也是失败
      Given 源文档目录中有一份名为 "a.md" 的规范文档，内容为 "# A\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      And 特性目录中有它的转写
      And 交接目录中有一份名为 "n.md" 的规范文档，内容为 "# N\n\n## Feature: N\n\n### Scenario: s\n**Given** x\n**Then** 结果"
      And 特性目录中有它的转写，但 "Then 结果" 被改成了 "Then 别的结果"
      And 交接目录中有一份名为 "a.md" 的规范文档，内容为 "# A\n\n## Feature: A\n\n### Scenario: s\n**Given** x"
      When 对源文档目录、交接目录与特性目录运行 spec:check 命令
      Then 命令退出码应为 1
      And 命令的标准错误应包含 "DRIFT  features/n.feature differs from n.md (- the repository, + the document):"
      And 命令的标准错误应包含 "a.md is a second document named a.md: document names must be unique across the folders"

    Scenario: 找不到源文档时 spec:check 说明原因并以非零退出
      When 在 SYNAPSE_SPECS_DIR 指向不存在的目录时运行 spec:check
      Then 命令退出码应为 2
      And 命令的标准错误应包含 "is not a directory; the transcriptions cannot be checked"

  Rule: 一致性报告按源文档列出每个场景，我们自己的特性另列

    Scenario: 报告给出每个场景的文档行、特性行、状态与耗时，以及每份文档的通过数
      Given 源文档目录中有一份名为 "demo.md" 的规范文档，内容为 "# D\n\n## Feature: A\n\n### Scenario: 通过的\n**Given** x\n\n### Scenario: 失败的\n**Given** y\n\n### Scenario: 没运行的\n**Given** z"
      And 一次运行中 "demo.md" 的转写里 "通过的" 通过、"失败的" 失败、"没运行的" 被过滤掉
      And 同一次运行中我们自己的特性 "features/own.feature" 有一个通过的场景 "自己的场景"
      When 生成一致性报告
      Then 报告中 "demo.md" 应为 1/3 通过
      And 报告中 "demo.md" 的场景应为:
        | 场景   | 文档行 | 特性行 | 状态      |
        | 通过的  | 5   | 6   | passed  |
        | 失败的  | 8   | 9   | failed  |
        | 没运行的 | 11  | 12  | not run |
      And 报告中我们自己的特性 "features/own.feature" 应为 1/1 通过
      And Markdown 报告中应有一行 "| 失败的 | A | demo.md:8 | features/demo.feature:9 | **failed** |"

    Scenario: 没有源文档时，转写仍按 @source 标签报告（没有文档行）；没有标签的特性单独列出
      Given 一次运行中特性 "features/x.feature" 带标签 "@source:x.md"，规则 "行为" 下的场景 "做到了" 通过
      And 一次运行中特性 "features/loose.feature" 带标签 ""，规则 "其他" 下的场景 "没标签" 失败
      When 没有源文档时生成一致性报告
      Then 报告中 "x.md" 的转写 "features/x.feature" 应为 1/1 通过，场景 "做到了" 在规则 "行为" 下、没有文档行
      And 报告应列出没有标签的特性 "features/loose.feature"

  Rule: 覆盖率按 src 下的目录汇总，并与阈值比较

    Scenario: 每个目录的行与分支覆盖率，以及未达到的阈值
      Given c8 的覆盖率摘要:
        | 文件                         | 行  | 覆盖行 | 分支 | 覆盖分支 |
        | src/runtime/a.ts           | 10 | 10  | 4  | 4    |
        | src/runtime/executors/b.ts | 10 | 9   | 4  | 2    |
        | src/llm/c.ts               | 5  | 5   | 0  | 0    |
        | src/index.ts               | 2  | 1   | 0  | 0    |
      When 按目录汇总并与阈值 "src/runtime 100/100, src/llm 100/100, src 97/92" 比较
      Then 各目录的覆盖率应为:
        | 目录          | 文件 | 行    | 分支  |
        | src         | 4  | 92.5 | 75  |
        | src/*.ts    | 1  | 50   | 100 |
        | src/llm     | 1  | 100  | 100 |
        | src/runtime | 2  | 95   | 75  |
      And 未达到的阈值应为 "src/runtime: lines 95% < 100%; src/runtime: branches 75% < 100%; src: lines 92.5% < 97%; src: branches 75% < 92%"
