@own @skills
Feature: Agent Skills：skill:* 命令、task:skill:search 与系统提示里的技能目录
  技能是带 SKILL.md 的文件夹：YAML front matter（name、description，可选 license、compatibility、metadata、
  allowed-tools），然后是正文；可带 scripts/、references/、assets/。每个场景在自己的临时目录里放真实的
  技能文件夹（项目目录与 HOME 也在那里），经由真实的 BashRouter 使用它们（脚本在真实的 bash 里运行），
  或经由 Agent 循环（模型由 msw 脚本化）。演示技能在 fixtures/skills/。

  Rule: 发现：四处来源按优先级，无效的技能被跳过并给出警告

    Scenario: 同名技能取优先级最高的：--skills-dir，然后 <cwd>/.agents/skills、~/.agents/skills、~/.synapse/skills
      Given --skills-dir 目录中有技能 "deploy"，描述为 "Deploy from the explicit directory"
      And 项目的 .agents/skills 中有技能 "deploy"，描述为 "Deploy from the project"
      And 项目的 .agents/skills 中有技能 "lint"，描述为 "Lint from the project"
      And 用户的 ~/.agents/skills 中有技能 "lint"，描述为 "Lint from home"
      And 用户的 ~/.agents/skills 中有技能 "notes"，描述为 "Notes from home"
      And 用户的 ~/.synapse/skills 中有技能 "notes"，描述为 "Notes from the synapse home"
      And 用户的 ~/.synapse/skills 中有技能 "backup"，描述为 "Backup from the synapse home"
      When 路由命令 `skill:list`
      Then 退出码应为 `0`
      And 技能清单应依次为:
        | 名称   | 描述                               | 来源                     |
        | deploy | Deploy from the explicit directory | --skills-dir 目录        |
        | lint   | Lint from the project              | 项目的 .agents/skills    |
        | notes  | Notes from home                    | 用户的 ~/.agents/skills  |
        | backup | Backup from the synapse home       | 用户的 ~/.synapse/skills |
      And 技能警告应有 3 条，其中一条以 `{project-skills}/deploy/SKILL.md: skipped: skill "deploy" is already defined by {explicit-skills}/deploy/SKILL.md, which takes precedence` 开头

    Scenario Outline: 违反规范的 SKILL.md 被跳过，警告指出文件与规则（<情形>）
      Given 项目的 .agents/skills 中有技能 "good"，描述为 "A valid skill"
      And 项目的 .agents/skills 中文件夹 "<文件夹>" 的 SKILL.md 为 "<内容>"
      When 路由命令 `skill:list`
      Then 退出码应为 `0`
      And 技能清单应只有 "good"
      And 技能警告应有 1 条，其中一条以 `{project-skills}/<文件夹>/SKILL.md: skipped: <规则>` 开头

      Examples:
        | 情形               | 文件夹           | 内容                                                     | 规则                                                                                             |
        | 大写与下划线       | Bad_Name         | ---\nname: Bad_Name\ndescription: x\n---\nbody          | name must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen |
        | 连字符开头         | -leading         | ---\nname: -leading\ndescription: x\n---                | name must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen |
        | 连续连字符         | double--hyphen   | ---\nname: double--hyphen\ndescription: x\n---          | name must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen |
        | 名称过长           | {a*65}           | ---\nname: {a*65}\ndescription: x\n---                  | name must be at most 64 characters                                                               |
        | 名称与文件夹不同   | mismatch         | ---\nname: other\ndescription: x\n---                   | name "other" must equal the folder name "mismatch"                                               |
        | 缺少描述           | no-description   | ---\nname: no-description\n---                          | description is required                                                                          |
        | 描述过长           | long-description | ---\nname: long-description\ndescription: {x*1025}\n--- | description must be at most 1024 characters                                                      |
        | 没有 front matter  | no-front-matter  | # Just a title\nSome text.                               | SKILL.md must start with YAML front matter between --- lines                                     |
        | front matter 未闭合 | unclosed        | ---\nname: unclosed\ndescription: x                      | the front matter is not closed by a --- line                                                     |
        | 不是合法的 YAML    | bad-yaml         | ---\nname: [bad-yaml\ndescription: x\n---               | the front matter is not valid YAML                                                               |
        | 保留的名称         | list             | ---\nname: list\ndescription: x\n---                    | the name "list" is reserved for skill:list                                                       |

    Scenario: 读不了的 SKILL.md 被跳过，警告说明原因：是一个目录，或是一个循环的符号链接
      Given 项目的 .agents/skills 中有技能 "good"，描述为 "A valid skill"
      And 项目的 .agents/skills 中文件夹 "folder" 的 SKILL.md 是一个目录
      And 项目的 .agents/skills 中文件夹 "loop" 的 SKILL.md 是指向自己的符号链接
      When 路由命令 `skill:list`
      Then 退出码应为 `0`
      And 技能清单应只有 "good"
      And 技能警告应有 2 条，其中一条以 `{project-skills}/folder/SKILL.md: skipped: SKILL.md is a directory` 开头
      And 技能警告应有 2 条，其中一条以 `{project-skills}/loop/SKILL.md: skipped: cannot read it (ELOOP)` 开头

    Scenario: 没有安装任何技能时，skill:list 说明找过哪些目录，未知的技能说明一个也没有
      Given 本场景的扩展层没有配置任何技能或 MCP 服务器
      When 路由命令 `skill:list`
      Then 退出码应为 `0`
      And 标准输出应包含 `No skills are installed. Looked in: {project-skills}, {home}/.agents/skills, {home}/.synapse/skills.`
      When 路由命令 `skill:deploy`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Unknown skill "deploy". Installed: (none). Run skill:list for all, or skill:search <keywords>.`

  Rule: skill:search、skill:load 与 skill:<name> --help

    Scenario: skill:search 在名称、描述与正文上做确定的、排好序的全文检索
      Given 演示技能目录作为 --skills-dir
      Then 依次路由下列 skill:search，结果应依次为:
        | 关键词                  | 结果                      |
        | count words             | word-count, project-stats |
        | how big is the codebase | project-stats             |
        | pull request            | commit-message            |
        | imperative mood         | commit-message            |
        | wordz                   | word-count                |
        | zebra                   |                           |

    Scenario: skill:load 给出 SKILL.md 的正文（不含 front matter）与技能带的文件
      Given 演示技能目录作为 --skills-dir
      When 路由命令 `skill:load commit-message`
      Then 退出码应为 `0`
      And 标准输出应包含 `Location: {skills}/commit-message/SKILL.md`
      And 标准输出应包含 `# Commit messages`
      And 标准输出应包含 `  references/conventional-commits.md`
      And 标准输出不应包含 `name: commit-message`
      When 路由命令 `skill:load word-count`
      Then 标准输出应包含 `  scripts/count.sh   run: skill:word-count:count [args]`

    Scenario: skill:<name> --help 说明技能与它的脚本
      Given 演示技能目录作为 --skills-dir
      When 路由命令 `skill:project-stats --help`
      Then 退出码应为 `0`
      And 标准输出应包含 `Instructions: skill:load project-stats`
      And 标准输出应包含 `  skill:project-stats:stats [args...]   (scripts/stats.js)`

    Scenario: 用错了的 skill:* 命令是 invalid_usage，说明哪里不对
      Given 演示技能目录作为 --skills-dir
      Then 依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:
        | 情形                 | 命令                             | 错误                                                                                     |
        | skill:list 不带参数  | skill:list word                  | skill:list takes no arguments (got word)                                                 |
        | 搜索没有关键词       | skill:search --limit 3           | missing keywords: skill:search <keywords>                                                |
        | 加载没有名字         | skill:load                       | missing skill name: skill:load <name>                                                    |
        | 一次加载两个         | skill:load word-count commit-message | skill:load takes one skill name (got 2 words)                                        |
        | 技能名后只能跟 --help | skill:word-count essay.md       | skill:word-count only takes --help; run a script with skill:word-count:<script> [args] |
        | 多了一层冒号         | skill:word-count:count:extra     | expected skill:<name> or skill:<name>:<script>, got skill:word-count:count:extra         |

    Scenario: skill:list/search/load --help 给出 skill:* 的用法；skill:<name> --help 说明它的脚本
      Given 演示技能目录作为 --skills-dir
      When 路由命令 `skill:search --help`
      Then 标准输出应包含 `skill:<name>:<script> [args...]     run one of its scripts (scripts/<script>.sh|py|js|ts, or sub/dir/<script>), from the skill folder`
      When 路由命令 `skill:word-count --help`
      Then 标准输出应包含 `Instructions: skill:load word-count`
      And 标准输出应包含 `  skill:word-count:count [args...]   (scripts/count.sh)`

    Scenario: 没有脚本、没有正文、声明了兼容性的技能：skill:load 与 --help 如实说明；文件很多时只列前 50 个
      Given 项目的 .agents/skills 中文件夹 "bare" 的 SKILL.md 为 "---\nname: bare\ndescription: Only front matter\ncompatibility: needs git 2.40+\n---\n"
      And 项目的 .agents/skills 中有技能 "notes"，描述为 "Many notes"，另带 55 个参考文件
      When 路由命令 `skill:load bare`
      Then 标准输出应为:
        """
        # Skill: bare
        Location: {workspace}/.agents/skills/bare/SKILL.md
        Description: Only front matter
        Compatibility: needs git 2.40+

        (SKILL.md has no instructions after its front matter)

        """
      When 路由命令 `skill:bare --help`
      Then 标准输出应包含 `Scripts: none`
      When 路由命令 `skill:bare:run`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Skill "bare" has no script "run". Its scripts: (none)`
      When 路由命令 `skill:load notes`
      Then 标准输出应包含 `  references/note-050.md`
      And 标准输出应包含 `  ... and 5 more`
      And 标准输出不应包含 `note-051`
      When 路由命令 `skill:load nothing-like-it`
      Then 命令结果的失败类别应为 `command_not_found`

    Scenario: 未知的技能与未知的脚本是 command_not_found，并说明有什么；越界的脚本名不会被运行
      Given 演示技能目录作为 --skills-dir
      When 路由命令 `skill:no-such-skill`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Unknown skill "no-such-skill".`
      When 路由命令 `skill:word-count:nope`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Skill "word-count" has no script "nope". Its scripts: skill:word-count:count`
      When 路由命令 `skill:word-count:../../../../../../bin/touch escaped.txt`
      Then 命令结果的失败类别应为 `command_not_found`
      And 工作区中不应存在文件 `escaped.txt`

  Rule: 技能脚本在 Shell 里运行

    Scenario Outline: 脚本按扩展名选择解释器（<类型>），参数原样传入，工作目录是技能目录，SKILL_CALLER_DIR 是 Shell 的当前目录
      Given 项目的 .agents/skills 中有技能 "echoer"，描述为 "Echo arguments"，带脚本 "scripts/show.<扩展名>":
        """
        <脚本>
        """
      When 路由命令 `mkdir -p sub && cd sub`
      And 路由命令 `skill:echoer:show "two words" plain`
      Then 退出码应为 `0`
      And 标准输出应为:
        """
        {workspace}/.agents/skills/echoer|{workspace}/.agents/skills/echoer|{workspace}/sub|two words|plain

        """

      Examples:
        | 类型       | 扩展名 | 脚本                                                                                               |
        | shell      | sh     | (IFS='\|'; echo "$PWD\|$SKILL_DIR\|$SKILL_CALLER_DIR\|$*")                                                                          |
        | Python     | py     | import os, sys; print('\|'.join([os.getcwd(), os.environ['SKILL_DIR'], os.environ['SKILL_CALLER_DIR'], *sys.argv[1:]]))           |
        | JavaScript | js     | console.log([process.cwd(), process.env.SKILL_DIR, process.env.SKILL_CALLER_DIR, ...process.argv.slice(2)].join('\|'));           |

    Scenario: 脚本的退出码与 stderr 原样返回
      Given 项目的 .agents/skills 中有技能 "failing"，描述为 "Always fails"，带脚本 "scripts/run.sh":
        """
        echo "partial output"
        echo "something went wrong" >&2
        exit 3
        """
      When 路由命令 `skill:failing:run`
      Then 命令结果应为 stdout "partial output\n"、stderr "something went wrong\n"、退出码 3

    Scenario: 只读的路由器不运行技能脚本，但可以查看与加载技能
      Given 演示技能目录作为 --skills-dir
      And 只读的 Router 已就绪
      When 路由命令 `skill:word-count:count tmp.txt`
      Then 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `read-only: a skill script may change files`
      When 路由命令 `skill:load word-count`
      Then 退出码应为 `0`

  Rule: 模型如何得知技能：系统提示里的目录与 task:skill:search

    Scenario: 系统提示带有 <available_skills> 目录：名称、描述与 SKILL.md 的位置
      Given 演示技能目录作为 --skills-dir
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 系统提示中的技能目录应依次列出 "commit-message, project-stats, word-count"，每项带描述与位置

    Scenario: 技能很多时，系统提示只列出前 50 个，其余请运行 skill:list
      Given --skills-dir 目录中有 60 个描述简短的技能
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 系统提示中的技能目录应有 50 项
      And 模型收到的系统提示应包含 `(10 more skills: run skill:list)`

    Scenario: 描述很长时，系统提示里的技能目录不超过 8000 个字符（约 2000 个 token）
      Given --skills-dir 目录中有 20 个描述长达 1000 个字符的技能
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 系统提示中的技能目录不应超过 8000 个字符，并提示其余的技能请运行 skill:list

    Scenario: task:skill:search：技能子代理拿到技能目录、不带工具，回答匹配的技能与加载方法
      Given 演示技能目录作为 --skills-dir
      And Runner 使用本场景的扩展层
      And 模型先调用 Bash 执行 `task:skill:search count the words in my essay`，然后回复 "Use word-count."
      And 技能子代理对 "count the words in my essay" 回复 "word-count fits: skill:load word-count, then skill:word-count:count essay.md"
      When 执行一次运行
      Then 运行应以 "Use word-count." 结束
      And 技能子代理收到的系统提示应包含 `- word-count: Count the lines, words and characters of text files.`
      And 技能子代理收到的系统提示应包含 `location: {skills}/word-count/SKILL.md`
      And 技能子代理收到的系统提示应包含 `how to use it: skill:load <name> for its instructions, then its scripts as skill:<name>:<script> [args]. If none fits, say so plainly. You have no tools: answer from the catalog.`
      And 技能子代理的请求不应带任何工具
      And 模型收到的工具结果应为 "word-count fits: skill:load word-count, then skill:word-count:count essay.md"

    @bwrap
    Scenario: 沙箱里的 shell 也能运行工作区外、/tmp 下技能目录里的脚本
      Given /tmp 下工作区外的目录作为 --skills-dir，其中有技能 "greeter"，带脚本 "scripts/hi.sh":
        """
        echo "hi from $(basename "$SKILL_DIR")"
        """
      And Runner 使用本场景的扩展层
      And Runner 的沙箱模式为 "workspace-write"
      And 模型依次调用 Bash 执行下列命令，然后回复 "Done.":
        | 命令             | 结果应包含      |
        | skill:greeter:hi | hi from greeter |
      When 执行一次运行
      Then 运行应以 "Done." 结束
      And 模型收到的工具结果应依次包含上表的内容

    Scenario: 没有安装任何技能时，task:skill:search 的子代理得知这一点
      Given 本场景的扩展层没有配置任何技能或 MCP 服务器
      And Runner 使用本场景的扩展层
      And 模型先调用 Bash 执行 `task:skill:search format my commit`，然后回复 "No skill for that."
      And 技能子代理对 "format my commit" 回复 "No installed skill fits."
      When 执行一次运行
      Then 运行应以 "No skill for that." 结束
      And 技能子代理收到的系统提示应包含 `Skill catalog: no skills are installed.`

    Scenario: 完整对话：模型搜索、加载并运行技能脚本，每一步的结果都回到模型
      Given 演示技能目录作为 --skills-dir
      And 工作区文件 `essay.md` 的内容为 "one two three four"
      And Runner 使用本场景的扩展层
      And 模型依次调用 Bash 执行下列命令，然后回复 "The essay has 4 words.":
        | 命令                              | 结果应包含                           |
        | skill:search word count           | word-count                           |
        | skill:load word-count             | Run `skill:word-count:count <file>...` |
        | skill:word-count:count essay.md   | 0        4       18  essay.md        |
      When 执行一次运行
      Then 运行应以 "The essay has 4 words." 结束
      And 模型收到的工具结果应依次包含上表的内容
