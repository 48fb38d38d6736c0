@own @mcp
Feature: mcp:<server>:<tool> --save <dir>：把结果里的图片与音频存成文件
  模型只看到媒体的摘要（类型与大小），从不看到 base64；要拿到字节的人（或模型替人）加 `--save <dir>`：
  结果中每个图片、音频与二进制资源（在 content 里，或在结构化内容里）写成 <dir> 下的新文件，文件名由工具名、
  序号与媒体类型组成（`read_media_file-1.png`），已有的文件从不覆盖，结果里逐行说明存到了哪里。写文件与
  `write` 命令同一个入口、同一套规则：工作区写沙箱里只能写进工作区（按真实路径判断），只读的 Router 不写。
  这些场景的项目都受信任（见 features/security/project-trust.feature）。

  Background:
    Given 本场景的扩展层信任项目

  Scenario: read_media_file 的 300 KiB PNG 存进 shots/，字节与原文件相同；再存一次得到新文件名，不覆盖
    Given 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
    And 工作区文件 `photo.png` 是 300 KiB 的随机字节
    When 路由命令 `mcp:files:read_media_file --save shots --path photo.png`
    Then 退出码应为 `0`
    And 标准输出应有一行匹配 `^\[image image/png, 300\.0 KiB\]$`
    And 标准输出应包含 `saved [image image/png, 300.0 KiB] to shots/read_media_file-1.png`
    And 工作区文件 `shots/read_media_file-1.png` 应与 `photo.png` 的字节相同
    When 路由命令 `mcp:files:read_media_file '{"path": "photo.png"}' --save=shots`
    Then 标准输出应包含 `saved [image image/png, 300.0 KiB] to shots/read_media_file-2.png`
    And 工作区文件 `shots/read_media_file-1.png` 应与 `photo.png` 的字节相同

  Scenario: 音频与二进制资源各存一个文件，扩展名取自媒体类型；没有媒体的结果说明无可保存
    Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
    When 路由命令 `mcp:odd:media --save out/media`
    Then 退出码应为 `0`
    And 标准输出应包含 `saved [audio audio/wav, 2.0 MiB] to out/media/media-1.wav`
    And 标准输出应包含 `saved [resource file:///b.bin, 5 bytes] to out/media/media-2.bin`
    And 工作区文件 `out/media/media-1.wav` 应是 2097152 个零字节
    And 工作区文件 `out/media/media-2.bin` 的内容应为 "abcde"
    When 路由命令 `mcp:odd:bare-structured --save out`
    Then 退出码应为 `0`
    And stderr 应包含 `--save: the result has no images or audio to save`
    When 路由命令 `mcp:odd:media --save`
    Then 命令结果的失败类别应为 `invalid_usage`
    And stderr 应包含 `--save needs a directory: --save <dir>`

  Scenario: 工作区写沙箱里，指向工作区外的目录被拒绝（permission_denied），工作区外什么也没写，摘要照样给出
    Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
    And Router 的沙箱模式为 "workspace-write"
    And 工作区外有一个目录，工作区里的 `out` 是指向它的符号链接
    When 路由命令 `mcp:odd:media --save out`
    Then 命令结果的失败类别应为 `permission_denied`
    And stderr 应包含 `is outside the workspace`
    And stderr 应包含 `(--save: the result's media were not saved)`
    And 标准输出应包含 `[audio audio/wav, 2.0 MiB]`
    And 工作区外的目录应仍是空的

  Scenario: 只读的 Router 照样调用声明只读的工具，但不写文件
    Given 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
    And 只读的 Router 已就绪
    And 工作区文件 `photo.png` 是 4 KiB 的随机字节
    When 路由命令 `mcp:files:read_media_file --path photo.png --save shots`
    Then 命令结果的失败类别应为 `permission_denied`
    And stderr 应包含 `read-only: writing {workspace}/shots/read_media_file-1.png is not allowed here (--save: the result's media were not saved)`
    And 标准输出应包含 `[image image/png, 4.0 KiB]`
    And 工作区中不应存在文件 `shots`
