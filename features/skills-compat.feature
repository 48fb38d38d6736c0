@own @skills
Feature: 来自公开仓库的技能照样可用：宽松的 front matter、跳过的技能、脚本的目录与嵌套、文件清单
  公开的技能仓库里常见的写法在这里照样可用：描述里没加引号的 ": "（Agent Skills 客户端指南建议加上引号重试）、
  以包的方式互相导入的 Python 脚本、嵌套目录里的脚本、很深的参考文件、非 ASCII 的名称。
  被跳过的技能在提到它的地方说明原因。每个场景在项目的 .agents/skills 里放真实的技能文件夹，脚本在真实的 bash 里运行。

  Rule: 发现

    Scenario: 描述里没加引号的 ": " 按宽松规则重读（加上引号），技能照常加载，并给出警告
      Given 项目的 .agents/skills 中文件夹 "pdf" 的 SKILL.md 为 "---\nname: pdf\ndescription: Use it for PDFs: forms, merging and text extraction\n---\nbody"
      When 路由命令 `skill:list`
      Then 技能清单应只有 "pdf"
      And 技能警告应有 1 条，其中一条以 `{project-skills}/pdf/SKILL.md: the front matter is not strict YAML (an unquoted ": " in description); read leniently, with the value quoted` 开头
      When 路由命令 `skill:load pdf`
      Then 标准输出应包含 `Description: Use it for PDFs: forms, merging and text extraction`

    Scenario: 名称按参考校验器的规则：任何文字的小写字母与数字都可以，大写不行
      Given 项目的 .agents/skills 中文件夹 "数据-分析" 的 SKILL.md 为 "---\nname: 数据-分析\ndescription: Analyse data\n---\nbody"
      And 项目的 .agents/skills 中文件夹 "café-notes" 的 SKILL.md 为 "---\nname: café-notes\ndescription: Notes\n---\nbody"
      And 项目的 .agents/skills 中文件夹 "Ärger" 的 SKILL.md 为 "---\nname: Ärger\ndescription: Upper case\n---\nbody"
      When 路由命令 `skill:list`
      Then 技能清单应依次为:
        | 名称       | 描述         | 来源                  |
        | café-notes | Notes        | 项目的 .agents/skills |
        | 数据-分析  | Analyse data | 项目的 .agents/skills |
      And 技能警告应有 1 条，其中一条以 `{project-skills}/Ärger/SKILL.md: skipped: name must be lowercase letters, digits and single hyphens` 开头

    Scenario: 被跳过的技能不是“未知的技能”：skill:load 与 skill:<name> 说明它为何被跳过
      Given 项目的 .agents/skills 中有技能 "good"，描述为 "A valid skill"
      And 项目的 .agents/skills 中文件夹 "broken" 的 SKILL.md 为 "---\nname: broken\n---\nbody"
      When 路由命令 `skill:load broken`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Skill "broken" was skipped: description is required ({workspace}/.agents/skills/broken/SKILL.md). Fix its SKILL.md`
      When 路由命令 `skill:broken:run`
      Then stderr 应包含 `Skill "broken" was skipped: description is required`

  Rule: 脚本

    Scenario: 脚本在技能目录里运行，Python 脚本能以包的方式导入同一技能的模块；__init__.py 不算脚本
      Given 项目的 .agents/skills 中的技能 "packer" 带有文件:
        | 路径                     | 内容                                                                          |
        | scripts/__init__.py      |                                                                               |
        | scripts/utils.py         | def greet(name): return 'packed ' + name                                      |
        | scripts/package_skill.py | import sys; from scripts.utils import greet; print(greet(sys.argv[1]))        |
        | references/notes.md      | notes                                                                         |
      When 路由命令 `skill:packer:package_skill demo`
      Then 命令结果应为 stdout "packed demo\n"、stderr ""、退出码 0
      When 路由命令 `skill:packer --help`
      Then 标准输出应包含 `  skill:packer:package_skill [args...]   (scripts/package_skill.py)`
      And 标准输出不应包含 `__init__`

    Scenario: 嵌套目录里的脚本以路径为名；--help 交给脚本自己；可执行文件与已知解释器的脚本才算脚本
      Given 项目的 .agents/skills 中的技能 "office" 带有文件:
        | 路径                       | 内容                                                                        |
        | scripts/office/unpack.py   | import sys; print('usage: unpack <file>' if '--help' in sys.argv else 'unpacked ' + sys.argv[1]) |
        | scripts/tool               | #!/bin/sh\necho "tool ran in $(basename "$PWD")"                            |
        | scripts/notes.txt          | not a script                                                                |
        | scripts/.hidden.sh         | echo hidden                                                                 |
      And 技能 "office" 的文件 "scripts/tool" 可执行
      When 路由命令 `skill:office:office/unpack report.docx`
      Then 命令结果应为 stdout "unpacked report.docx\n"、stderr ""、退出码 0
      When 路由命令 `skill:office:office/unpack --help`
      Then 命令结果应为 stdout "usage: unpack <file>\n"、stderr ""、退出码 0
      When 路由命令 `skill:office:tool`
      Then 命令结果应为 stdout "tool ran in office\n"、stderr ""、退出码 0
      When 路由命令 `skill:office --help`
      Then 标准输出应包含 `  skill:office:office/unpack [args...]   (scripts/office/unpack.py)`
      And 标准输出应包含 `  skill:office:tool [args...]   (scripts/tool)`
      And 标准输出不应包含 `notes`
      And 标准输出不应包含 `hidden`
      When 路由命令 `skill:office:notes`
      Then 命令结果的失败类别应为 `command_not_found`
      When 路由命令 `skill:office:../office/tool`
      Then 命令结果的失败类别应为 `command_not_found`

    Scenario: 技能可以声明脚本在调用者的目录里运行（metadata 的 script-cwd: caller）
      Given 项目的 .agents/skills 中文件夹 "here" 的 SKILL.md 为 "---\nname: here\ndescription: Runs where it is called\nmetadata:\n  script-cwd: caller\n---\nbody"
      And 项目的 .agents/skills 中的技能 "here" 带有文件:
        | 路径          | 内容       |
        | scripts/pwd.sh | pwd       |
      When 路由命令 `skill:here:pwd`
      Then 标准输出应为:
        """
        {workspace}

        """

  Rule: 文件清单与检索

    Scenario: 任意深度的文件都列出来（至多 50 个），其余给出数目
      Given 项目的 .agents/skills 中的技能 "deep" 带有文件:
        | 路径                          | 内容 |
        | references/a/b/c/d/deep.md    | deep |
        | assets/top.txt                | top  |
      When 路由命令 `skill:load deep`
      Then 标准输出应包含 `  references/a/b/c/d/deep.md`
      And 标准输出应包含 `  assets/top.txt`

    Scenario: skill:search 容忍短词里的一个错字
      Given 演示技能目录作为 --skills-dir
      Then 依次路由下列 skill:search，结果应依次为:
        | 关键词 | 结果                      |
        | wprd   | word-count                |
        | lnes   | word-count, project-stats |
