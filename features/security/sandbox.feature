@own @security
Feature: bubblewrap 沙箱
  有 bubblewrap（`bwrap`）时，原生命令在沙箱里运行：每个 Shell 会话一个 bwrap（不是每条命令一个），整个文件
  系统只读，/tmp 是私有的；workspace-write 模式下工作区可写（有 bwrap 时这是默认模式）；read-only 模式下
  什么都不可写；两种模式下命令都没有网络（除非 allowNetwork）。沙箱有自己的 pid 命名空间、没有任何
  capability，并随父进程一起结束。Agent 命令遵守同样的模式：read-only 下拒绝写，workspace-write 下只能写
  工作区内（指向工作区外的符号链接不跟随，见 kernel-file-access.feature），沙箱藏起来的路径（宿主的 /tmp、
  /proc）也读不到。没有 bwrap 时，read-only 与 workspace-write 给出一行警告，退回到常见写命令的
  筛查，结果里也这样说明。

  Rule: read-only：什么都写不了，筛查漏掉的写法也一样

    @bwrap
    Scenario Outline: 只读沙箱挡住 <写法>
      Given 权限策略批准一切询问（这里只看沙箱）
      And 只读的 Router 已就绪
      And 工作区文件 `victim.txt` 的内容为 "precious"
      When 路由命令 `<命令>`
      Then 命令应失败，输出包含 "Read-only file system"
      And 工作区文件 `victim.txt` 应仍为 "precious"
      And 工作区中不应存在文件 `new.txt`

      Examples:
        | 写法         | 命令                                                        |
        | bash -c      | bash -c 'rm victim.txt'                                     |
        | sh -c 重定向 | sh -c 'echo x > new.txt'                                    |
        | find -delete | find . -name victim.txt -delete                             |
        | python3 -c   | python3 -c "open('new.txt', 'w').write('x')"                |
        | node -e      | node -e "require('fs').writeFileSync('new.txt', 'x')"       |
        | perl         | perl -e 'unlink("victim.txt") or die "$!"'                |
        | eval 变量    | c=tee; echo x \| $c new.txt                                 |
        | dd 经 sh -c  | sh -c 'echo x \| dd of=new.txt'                             |

  Rule: workspace-write：只有工作区与私有的 /tmp 可写

    @bwrap
    Scenario: 工作区内可写，私有 /tmp 可写但宿主看不到
      Given Router 已就绪
      When 路由命令 `echo inside > inside.txt && echo private > /tmp/synapse-sandbox-probe.txt && cat /tmp/synapse-sandbox-probe.txt`
      Then 命令结果应为 stdout "private\n"、stderr ""、退出码 0
      And 工作区文件 `inside.txt` 的内容应为 "inside\n"
      And 宿主的 `/tmp/synapse-sandbox-probe.txt` 不应存在

    @bwrap
    Scenario Outline: 工作区外的写入失败：<写法>
      Given Router 已就绪
      And 宿主上的探针路径已备好（场景结束后删除）
      And 工作区外有一个目录，工作区里的 `out` 是指向它的符号链接
      When 路由命令 `<命令>`
      Then 命令应失败，输出包含 "<错误>"
      And 工作区外的目录应仍是空的
      And 宿主上的探针路径都不存在

      Examples:
        | 写法                 | 命令                                            | 错误                  |
        | 经符号链接重定向     | echo x > out/escaped.txt                        | Read-only file system |
        | 经符号链接 cp        | cp /etc/hostname out/escaped.txt                | Read-only file system |
        | bash -c 与 tee       | bash -c 'echo x \| tee out/escaped.txt'         | Read-only file system |
        | 家目录               | touch {home-probe}                              | Read-only file system |
        | /etc                 | touch {etc-probe}                               | Read-only file system |

    @bwrap
    Scenario: 沙箱里的命令重新挂载为可写也不行（没有 capability）
      Given Router 已就绪
      And 宿主上的探针路径已备好（场景结束后删除）
      When 路由命令 `mount -o remount,rw / 2>&1; touch {etc-probe} && echo escaped`
      Then 命令输出不应包含 "escaped\n"
      And 宿主的 `{etc-probe}` 不应存在

  Rule: 在 Node 里运行的 Agent 命令遵守同样的模式

    Scenario Outline: workspace-write 下 <命令名> 不能写到工作区外
      Given Router 的沙箱模式为 "workspace-write"
      And 宿主上的探针路径已备好（场景结束后删除）
      And 工作区外有一个目录，工作区里的 `out` 是指向它的符号链接
      When 路由命令 `<命令>`
      Then 命令结果应为拒绝，说明 "outside the workspace"
      And 工作区外的目录应仍是空的
      And 宿主上的探针路径都不存在

      Examples:
        | 命令名       | 命令                                   |
        | write 经链接 | write out/escaped.txt "x"              |
        | write 上级   | write ../{probe-name} "x"              |
        | write 绝对   | write {etc-probe} "x"                  |

    Scenario: workspace-write 下 edit 不能经符号链接改工作区外的文件
      Given Router 的沙箱模式为 "workspace-write"
      And 工作区外有一个目录，工作区里的 `out` 是指向它的符号链接
      And 工作区外的目录里有文件 `target.txt` 内容为 "original"
      When 路由命令 `edit out/target.txt original changed`
      Then 命令结果应为拒绝，说明 "outside the workspace"
      And 工作区外的文件 `target.txt` 应仍为 "original"

    Scenario Outline: 沙箱藏起来的路径，<命令名> 也读不到
      Given Router 的沙箱模式为 "workspace-write"
      And 宿主的 /tmp 里有另一个文件
      When 路由命令 `<命令>`
      Then 命令结果应为拒绝，说明 "hidden from commands"

      Examples:
        | 命令名 | 命令                        |
        | read   | read {other}                |
        | search | search secret {other}       |
        | glob   | glob "*" {other-dir}        |
        | read   | read /proc/self/environ     |

    Scenario: 沙箱关闭时 Agent 命令不受限制
      Given Router 的沙箱模式为 "off"
      And 工作区外有一个目录，工作区里的 `out` 是指向它的符号链接
      When 路由命令 `write out/allowed.txt "x"`
      Then 命令结果应为 stdout "Wrote 1 bytes to out/allowed.txt\n"、stderr ""、退出码 0

  Rule: 沙箱里的命令没有网络，除非允许

    @bwrap
    Scenario: 默认没有网络，连宿主的回环地址也连不上
      Given 宿主的 127.0.0.1 上有一个 TCP 服务
      And Router 已就绪
      When 路由命令 `(exec 3<>/dev/tcp/127.0.0.1/{port}) 2>&1 && echo connected`
      Then 命令输出不应包含 "connected"

    @bwrap
    Scenario: allowNetwork 时可以连上
      Given 宿主的 127.0.0.1 上有一个 TCP 服务
      And Router 允许网络
      When 路由命令 `(exec 3<>/dev/tcp/127.0.0.1/{port}) && echo connected`
      Then 命令输出应包含 "connected"

  Rule: task:explore 总是只读

    @bwrap
    Scenario: 即使父运行的沙箱是 workspace-write，task:explore 的子代理也写不了文件
      Given 工作区文件 `victim.txt` 的内容为 "precious"
      And 模型发起一个 `task:explore` 子代理（提示 "explore the project"），子代理尝试 `bash -c 'rm victim.txt'`
      When 执行一次运行
      Then 工作区文件 `victim.txt` 应仍为 "precious"
      And 子代理收到的工具结果应说明 "Read-only file system"

  Rule: 没有 bubblewrap 时如实说明，退回筛查

    Scenario: 要求 read-only 但没有 bwrap：一条警告，筛查挡住常见写命令，并在结果里说明这不是保证
      Given 本场景没有 bubblewrap
      And 只读的 Router 已就绪
      When 路由命令 `rm tmp.txt`
      Then 命令应失败，输出包含 "the read-only sandbox is not enforced"
      And Router 的警告应只有一条，说明 "bubblewrap" 与 "not enforced"
      And 工作区文件 `tmp.txt` 应仍为 "a banana and a cat\n"

    Scenario: 没有 bwrap 时默认不启用沙箱，也不警告
      Given 本场景没有 bubblewrap
      And Router 已就绪
      Then Router 的沙箱模式应为 "off"，没有警告
