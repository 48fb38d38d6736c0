@own @security
Feature: 决定 synapse 运行什么的工作区文件，命令改不了
  项目设置（`<工作区>/.synapse/`，其中的 hooks 是程序）与 MCP 服务器清单（工作区根上的 `mcp_servers.json` 与
  `.mcp.json`，其中的服务器是程序）决定 synapse 自己会运行什么：模型不能种下一个。沙箱模式不是 off 时，`write` 与
  `edit` 拒绝它们，不论路径怎么写、经过哪个工作区里的符号链接；有 bubblewrap 的 workspace-write 沙箱里，它们被
  再次只读挂载，Shell 命令改不了、删不了、也挪不走。`.synapse` 还不存在时，沙箱建起时先建一个空的再挂上（挂载
  需要一个挂载点）；还不存在的 MCP 文件没法这样占住，Shell 命令能建出来，它要等项目被信任才会启动（见信任规则）。
  这些文件由人在 agent 之外修改。

  Rule: write 与 edit 拒绝受保护的文件，不论怎么写路径

    Scenario Outline: `<命令>` 被拒绝（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 工作区文件 `.synapse/settings.json` 的内容为 "{}"
      And 工作区文件 `mcp_servers.json` 的内容为 "{}"
      When 路由命令 `mkdir -p sub && ln -sfn .synapse settings-link`
      And 路由命令 `<命令>`
      Then 命令结果应为拒绝，说明 "is protected: commands may not change <受保护的>"
      And 工作区文件 `.synapse/settings.json` 应仍为 "{}"
      And 工作区文件 `mcp_servers.json` 应仍为 "{}"
      And 工作区中不应存在文件 `.synapse/hooks.json`
      And 工作区中不应存在文件 `.mcp.json`

      @bwrap
      Examples: 有 bubblewrap
        | 命令                                              | 受保护的         | 把关            |
        | write .synapse/settings.json '{"hooks":{}}'       | .synapse         | bubblewrap 把关 |
        | edit .synapse/settings.json {} x                  | .synapse         | bubblewrap 把关 |
        | write sub/../.synapse/hooks.json x                | .synapse         | bubblewrap 把关 |
        | write settings-link/hooks.json x                  | .synapse         | bubblewrap 把关 |
        | write mcp_servers.json '{"mcpServers":{}}'        | mcp_servers.json | bubblewrap 把关 |
        | write .mcp.json '{"mcpServers":{}}'               | .mcp.json        | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 命令                                              | 受保护的         | 把关            |
        | write .synapse/settings.json '{"hooks":{}}'       | .synapse         | 没有 bubblewrap |
        | edit .synapse/settings.json {} x                  | .synapse         | 没有 bubblewrap |
        | write sub/../.synapse/hooks.json x                | .synapse         | 没有 bubblewrap |
        | write settings-link/hooks.json x                  | .synapse         | 没有 bubblewrap |
        | write mcp_servers.json '{"mcpServers":{}}'        | mcp_servers.json | 没有 bubblewrap |
        | write .mcp.json '{"mcpServers":{}}'               | .mcp.json        | 没有 bubblewrap |

    Scenario: 同名的文件在子目录里不受保护
      Given Router 的沙箱模式为 "workspace-write"（没有 bubblewrap）
      When 路由命令 `write docs/mcp_servers.json "{}"`
      And 路由命令 `write docs/.synapse/notes.txt "notes"`
      Then 工作区文件 `docs/mcp_servers.json` 的内容应为 "{}"
      And 工作区文件 `docs/.synapse/notes.txt` 的内容应为 "notes"

  Rule: 沙箱里的 Shell 命令也改不了、删不了、挪不走它们

    @bwrap
    Scenario Outline: `<命令>` 失败
      Given 工作区文件 `.synapse/settings.json` 的内容为 "{}"
      And 工作区文件 `mcp_servers.json` 的内容为 "{}"
      And 工作区文件 `.mcp.json` 的内容为 "{}"
      And 权限策略批准一切询问（这里只看沙箱）
      And Router 的沙箱模式为 "workspace-write"（bubblewrap 把关）
      When 路由命令 `<命令>`
      Then 命令应失败，输出包含 "<错误>"
      And 工作区文件 `.synapse/settings.json` 应仍为 "{}"
      And 工作区文件 `mcp_servers.json` 应仍为 "{}"
      And 工作区文件 `.mcp.json` 应仍为 "{}"
      And 工作区中不应存在文件 `.synapse/hooks.json`

      Examples:
        | 命令                                               | 错误                    |
        | echo '{"hooks":{}}' > .synapse/settings.json       | Read-only file system   |
        | echo '{}' > .synapse/hooks.json                    | Read-only file system   |
        | rm -rf .synapse                                    | Read-only file system   |
        | mv .synapse elsewhere                              | Device or resource busy |
        | echo '{"mcpServers":{}}' > mcp_servers.json        | Read-only file system   |
        | rm .mcp.json                                       | Device or resource busy |
        | mv mcp_servers.json x.json                         | Device or resource busy |

    @bwrap
    Scenario: 还没有 .synapse 时，沙箱建起时先建一个空的，Shell 命令在里面写不了
      Given Router 的沙箱模式为 "workspace-write"（bubblewrap 把关）
      When 路由命令 `mkdir -p .synapse && echo '{"hooks":{}}' > .synapse/settings.json`
      Then 命令应失败，输出包含 "Read-only file system"
      And 工作区中不应存在文件 `.synapse/settings.json`
