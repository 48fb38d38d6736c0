@own @security
Feature: Agent 命令的文件操作由内核把关：符号链接与竞争都走不出工作区
  `write`、`edit`、`read`、`glob`、`search` 从不先按名字检查、再按名字打开。有 bubblewrap 时，它们的文件操作在一个
  辅助进程里完成，它与 Shell 同样挂载（工作区外只读，宿主的 /tmp 与 /proc 看不到），所以符号链接与竞争只能碰到
  挂载允许的东西：内核说了算。沙箱模式不是 off 而没有 bubblewrap 时，它们在 Node 里从工作区目录的文件描述符出发，
  经 `/proc/self/fd/<目录>/<名字>` 逐级以 O_NOFOLLOW 打开：工作区里的符号链接按它的内容重新从工作区走一遍
  （指向工作区内的照样跟随，指出去的拒绝）；读的一方打开之后核对打开的文件本身（普通文件、不在被藏起来的地方）。
  攻击都先以失败的场景重现：悬空的符号链接、在文件与符号链接之间来回切换的名字、经切换读宿主 /tmp 里的文件。

  Rule: 悬空的符号链接不能把 write 引到工作区外

    Scenario Outline: 模型先 `ln -s` 一个工作区外还不存在的文件，再 write 它（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 工作区外有一个空目录 "outside"
      When 路由命令 `ln -s {outside}/pwned.txt DL`
      And 路由命令 `write DL pwned`
      Then 命令结果应为拒绝，说明 "outside the workspace"
      And 工作区外的目录 "outside" 应仍是空的

      @bwrap
      Examples: 有 bubblewrap
        | 把关            |
        | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 把关            |
        | 没有 bubblewrap |

    Scenario Outline: 悬空的符号链接指向工作区里还不存在的文件时，write 创建那个文件（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      When 路由命令 `mkdir -p sub && ln -s sub/new.txt DL && ln -s {workspace}/sub/abs.txt ABS`
      And 路由命令 `write DL "via link"`
      And 路由命令 `write ABS "via absolute link"`
      Then 工作区文件 `sub/new.txt` 的内容应为 "via link"
      And 工作区文件 `sub/abs.txt` 的内容应为 "via absolute link"

      @bwrap
      Examples: 有 bubblewrap
        | 把关            |
        | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 把关            |
        | 没有 bubblewrap |

  Rule: 名字在普通文件与符号链接之间来回切换，也碰不到工作区外与被藏起来的文件

    Scenario Outline: 切换中反复 <命令名>，工作区外的文件始终不变（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 工作区外的目录 "outside" 里有文件 `victim.txt` 内容为 "original"
      And 宿主上一个进程不停地把工作区里的 `flip` 在内容为 "original" 的普通文件与指向 `{outside}/victim.txt` 的符号链接之间切换
      When 反复路由命令 `<命令>`，直到未被拒绝与被拒绝各至少 20 次（最多 3000 次）
      Then 工作区外的目录 "outside" 里的文件 `victim.txt` 应仍为 "original"

      @bwrap
      Examples: 有 bubblewrap
        | 命令名 | 命令                         | 把关            |
        | write  | write flip pwned             | bubblewrap 把关 |
        | edit   | edit flip original pwned     | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 命令名 | 命令                         | 把关            |
        | write  | write flip pwned             | 没有 bubblewrap |
        | edit   | edit flip original pwned     | 没有 bubblewrap |

    Scenario Outline: 切换中反复 <命令名>，宿主 /tmp 里的文件从不露出来（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 宿主的 /tmp 里有一个内容为 "TOP-SECRET" 的文件 `{secret}`
      And 宿主上一个进程不停地把工作区里的 `flip` 在内容为 "harmless SECRET-FREE" 的普通文件与指向 `{secret}` 的符号链接之间切换
      When 反复路由命令 `<命令>`，直到成功与失败各至少 20 次（最多 3000 次）
      Then 这些命令的输出中都不应出现 "TOP-SECRET"

      @bwrap
      Examples: 有 bubblewrap
        | 命令名 | 命令                 | 把关            |
        | read   | read flip            | bubblewrap 把关 |
        | search | search SECRET flip   | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 命令名 | 命令                 | 把关            |
        | read   | read flip            | 没有 bubblewrap |
        | search | search SECRET flip   | 没有 bubblewrap |

    Scenario Outline: 目录在工作区内与宿主 /tmp 之间来回切换，<命令名> 从不列出或读出那里的东西（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 宿主的 /tmp 里有一个内容为 "TOP-SECRET" 的文件 `{secret}`
      And 工作区文件 `inside/secret.txt` 的内容为 "harmless SECRET-FREE"
      And 宿主上一个进程不停地把工作区里的 `dir` 在指向 `inside` 与指向 `{secret-dir}` 的符号链接之间切换
      When 反复路由命令 `<命令>`，直到成功与失败各至少 20 次（最多 3000 次）
      Then 这些命令的输出中都不应出现 "<不应出现>"

      @bwrap
      Examples: 有 bubblewrap
        | 命令名 | 命令                     | 不应出现   | 把关            |
        | search | search SECRET dir        | TOP-SECRET | bubblewrap 把关 |
        | glob   | glob "*" dir             | only-there | bubblewrap 把关 |
        | read   | read dir/secret.txt      | TOP-SECRET | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 命令名 | 命令                     | 不应出现   | 把关            |
        | search | search SECRET dir        | TOP-SECRET | 没有 bubblewrap |
        | glob   | glob "*" dir             | only-there | 没有 bubblewrap |
        | read   | read dir/secret.txt      | TOP-SECRET | 没有 bubblewrap |

  Rule: 沙箱里的文件辅助进程第一次用到时才启动，路由器关闭时结束，坏了就换一个

    @bwrap
    Scenario: 关闭路由器后，文件辅助进程也结束了
      Given Router 的沙箱模式为 "workspace-write"（bubblewrap 把关）
      When 路由命令 `write a.txt hello`
      Then 应有为这个工作区运行的文件辅助进程
      When 关闭路由器
      Then 不应再有为这个工作区运行的文件辅助进程

    @bwrap
    Scenario: 文件辅助进程被杀掉后，正等着它的命令说明原因，下一条命令换一个新的
      Given Router 的沙箱模式为 "workspace-write"（bubblewrap 把关）
      When 路由命令 `write a.txt hello`
      And 杀掉为这个工作区运行的文件辅助进程
      And 路由命令 `read a.txt`
      Then 命令结果应为成功，或说明 "the sandboxed file helper failed: it exited (SIGKILL)"
      When 路由命令 `read a.txt`
      Then 命令结果应为 stdout "     1\thello"、stderr ""、退出码 0

    Scenario Outline: 文件辅助进程<坏在哪里>：命令以清楚的错误结束，不会挂起
      Given 假的 bwrap 程序 `fake-bwrap` 的内容为:
        """
        #!/bin/sh
        for last; do :; done
        [ "$last" = true ] && exit 0
        <脚本>
        """
      And 环境变量 SYNAPSE_BWRAP 为 "{dir}/fake-bwrap"
      And Router 的沙箱模式为 "workspace-write"
      When 路由命令 `write a.txt hello`
      Then 命令应失败，输出包含 "<说明>"
      And 工作区中不应存在文件 `a.txt`

      Examples:
        | 坏在哪里               | 脚本                                    | 说明                                                                        |
        | 起不来                 | echo 'cannot set up the sandbox' >&2; exit 1 | the sandboxed file helper failed: it exited (code 1): cannot set up the sandbox |
        | 写出的不是回答         | echo 'not json'; sleep 30               | the sandboxed file helper failed: it wrote what is not an answer |
