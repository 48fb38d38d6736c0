@own @cli @mcp
Feature: synapse mcp login / logout：远程 MCP 服务器的 OAuth 登录
  托管的 MCP 服务器要 OAuth：`synapse mcp login <server>` 用 MCP SDK 的 OAuth 客户端走完授权码 + PKCE 流程
  （发现授权服务器、动态注册客户端），回调是 127.0.0.1 上一次性的 loopback 服务器；有显示器且有 xdg-open 时
  打开浏览器，否则只打印 URL。令牌与注册信息存在 ~/.synapse/mcp/oauth/<server>.json（0600，原子写入），
  之后的 run、exec、mcp list 都带上令牌，过期时刷新；需要登录的服务器用一行话说出该运行的命令。
  服务器是 fixtures/mcp-oauth-server.cjs：用 SDK 的 mcpAuthRouter 与 requireBearerAuth 搭成、监听 127.0.0.1
  的 Streamable HTTP 服务器，授权端点立即同意并重定向；场景扮演浏览器：GET 打印出的授权 URL，跟随重定向
  回到 CLI 的回调。

  Background:
    Given OAuth 保护的 MCP 服务器在 127.0.0.1 上提供服务，CLI 工作目录的 "mcp_servers.json" 中的 "secure" 指向它
    And CLI 的信任记录里有工作目录

  Scenario: 没有登录时一行话指出命令；无显示器的机器上打印授权 URL，浏览器回到回调后令牌保存，之后的调用带上令牌
    When CLI 用 exec 执行下面的命令:
      """
      mcp:secure:whoami
      """
    Then CLI 退出码应该是 1
    And CLI 标准错误应该只有一行且包含 "it needs you to log in (HTTP 401 Unauthorized): run synapse mcp login secure"
    When CLI 启动 synapse "mcp login secure"
    And 一个带着错误 state 的请求先来到回调
    Then 浏览器看到的页面应该是 HTTP 400，包含 "the state differs"
    When 浏览器打开CLI 在标准错误上打印的授权 URL，跟随重定向回到回调
    Then 浏览器看到的页面应该是 HTTP 200，包含 "Logged in. You can close this window"
    And CLI 退出码应该是 0
    And CLI 标准错误应该包含 "Open this URL in a browser to log in to MCP server \"secure\":"
    And CLI 标准输出应该包含 "Logged in to MCP server \"secure\" (3 tools: whoami, revoke-all, echo). The login is saved in "
    And CLI 保存的 "secure" 登录文件应该只有所有者可读写（文件 0600，目录 0700），且不含授权码流程的临时数据
    When CLI 用 exec 执行下面的命令:
      """
      mcp:secure:whoami
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "authorized client "
    And OAuth 服务器应该发过 1 次授权码换令牌、0 次刷新令牌、1 次客户端注册

  Scenario: 访问令牌过期后用刷新令牌换新的并保存，调用照常成功；再次登录沿用已注册的客户端
    When CLI 启动 synapse "mcp login secure"
    And 浏览器打开CLI 在标准错误上打印的授权 URL，跟随重定向回到回调
    Then CLI 退出码应该是 0
    When CLI 记下保存的 "secure" 访问令牌
    And OAuth 服务器让所有访问令牌过期
    And CLI 用 exec 执行下面的命令:
      """
      mcp:secure:echo {"message": "still in"}
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "Echo: still in"
    And CLI 保存的 "secure" 访问令牌应该已经换成新的
    And OAuth 服务器应该发过 1 次授权码换令牌、1 次刷新令牌、1 次客户端注册
    When CLI 启动 synapse "mcp login secure"
    And 浏览器打开CLI 在标准错误上打印的授权 URL，跟随重定向回到回调
    Then CLI 退出码应该是 0
    And OAuth 服务器应该发过 2 次授权码换令牌、1 次刷新令牌、1 次客户端注册

  Scenario: 令牌被吊销（刷新也不行）时，exec 与 mcp list 用一行话指出重新登录；logout 删除保存的登录
    When CLI 启动 synapse "mcp login secure"
    And 浏览器打开CLI 在标准错误上打印的授权 URL，跟随重定向回到回调
    And OAuth 服务器吊销所有令牌
    And CLI 用 exec 执行下面的命令:
      """
      mcp:secure:whoami
      """
    Then CLI 退出码应该是 1
    And CLI 标准错误应该只有一行且包含 "its saved login is no longer accepted (expired or revoked; HTTP 401 Unauthorized): run synapse mcp login secure"
    When CLI 运行 synapse "mcp list"
    Then CLI 标准输出应该包含 "run synapse mcp login secure"
    When CLI 运行 synapse "mcp logout secure"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "Logged out of MCP server \"secure\": its saved login is deleted."
    And CLI 保存的登录目录中应该没有任何文件
    When CLI 运行 synapse "mcp logout secure"
    Then CLI 标准输出应该包含 "MCP server \"secure\" has no saved login."

  Scenario: 有显示器且 PATH 上有 xdg-open 时交给浏览器打开（URL 照样打印）
    Given CLI 有显示器，PATH 上的 xdg-open 只记下它收到的 URL
    When CLI 启动 synapse "mcp login secure"
    And 浏览器打开xdg-open 收到的授权 URL，跟随重定向回到回调
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "Your browser should open to authorize synapse; if it does not, open this URL"

  Scenario: 授权被拒绝、浏览器迟迟不回来：登录失败，一行说明，退出码 1
    When CLI 启动 synapse "mcp login secure"
    And 授权服务器拒绝了授权：浏览器带着 error=access_denied 回到回调
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "synapse: login failed: the authorization server answered access_denied: the user said no"
    And 浏览器看到的页面应该是 HTTP 400，包含 "The authorization server refused: access_denied"
    Given CLI 的环境变量 "SYNAPSE_MCP_LOGIN_TIMEOUT" 为 "300"
    When CLI 启动 synapse "mcp login secure"
    And CLI 等待登录进程结束
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "synapse: login failed: no answer from the browser within 300 ms (SYNAPSE_MCP_LOGIN_TIMEOUT)"

  Scenario: 登录未配置的服务器或本地（stdio）服务器是一行错误；读不懂的登录文件被移到一旁并指出重新登录
    When CLI 运行 synapse "mcp login nowhere"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "Unknown MCP server \"nowhere\". Configured servers: secure."
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "local"：server-everything
    When CLI 运行 synapse "mcp login local"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该只有一行且包含 "MCP server \"local\" is a local command (stdio): only a server with a \"url\" logs in"
    Given CLI 保存的 "secure" 登录文件内容为 "{\"version\": 1, \"url\": 7}"
    When CLI 用 exec 执行下面的命令:
      """
      mcp:secure:whoami
      """
    Then CLI 退出码应该是 1
    And CLI 标准错误应该包含 "secure.json is not valid (url: Invalid input: expected string, received number); it was moved to "
    And CLI 标准错误应该包含 ": run synapse mcp login secure"
    And CLI 保存的登录目录中应该只有移到一旁的 "secure" 登录文件，内容为 "{\"version\": 1, \"url\": 7}"

  Scenario: 运行中令牌被吊销：之后的调用得到重新登录的那一行，而不是笼统的错误
    When CLI 启动 synapse "mcp login secure"
    And 浏览器打开CLI 在标准错误上打印的授权 URL，跟随重定向回到回调
    Given CLI 模型先用 Bash 执行 "mcp:secure:revoke-all"，再执行 "mcp:secure:whoami"，然后回复 "done"
    When CLI 运行 synapse "run --no-session --base-url <model> 'who am I?'"
    Then CLI 退出码应该是 0
    And CLI 模型收到的第 2 次请求中的工具结果应该包含 "every token is revoked"
    And CLI 模型收到的第 3 次请求中的工具结果应该包含 "mcp:secure:whoami"
    And CLI 模型收到的第 3 次请求中的工具结果应该包含 "MCP server \"secure\": its saved login is no longer accepted (expired or revoked; HTTP 401 Unauthorized): run synapse mcp login secure"

  Scenario: 不要求登录的服务器：login 说明无需登录，什么也不保存；连不上的服务器：一行说明原因
    Given server-everything 在 127.0.0.1 上以 Streamable HTTP 提供服务，前面有记录请求的代理
    And CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "open"，URL 为该代理
    When CLI 运行 synapse "mcp login open"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "MCP server \"open\" let us in without a login (19 tools); nothing was saved."
    And CLI 保存的登录目录中应该没有任何文件
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "gone"，URL 指向 127.0.0.1 上没有人监听的端口
    When CLI 运行 synapse "mcp login gone"
    Then CLI 退出码应该是 1
    And CLI 标准错误应该只有一行且包含 "synapse: login failed: MCP server \"gone\" (http://127.0.0.1:"
    And CLI 标准错误应该包含 "cannot connect to http://127.0.0.1:"
    And CLI 标准错误应该包含 "ECONNREFUSED"
