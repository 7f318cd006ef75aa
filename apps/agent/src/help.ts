/** `vahub-agent --help`: the commands, the privacy promise, where state lives. */
export const HELP = `vahub-agent: the desktop tracker of a VA Hub server

Usage: vahub-agent <command> [options]

Commands:
  login --server URL                          Sign in through the browser: shows a code and opens
                                              the link where you approve this computer
  login --server URL --email E --password P   Sign in by password (scripted installs)
  logout                                      Sign out and delete the stored tokens
  run [--server URL]                          Track in the foreground (Ctrl+C stops it): follows
                                              the shift clocked in here or in the web app (not
                                              signed in yet: signs in through the browser first)
  install                                     Start the agent when you sign in to this computer
                                              (autostart entry; Startup folder on Windows)
  uninstall                                   Stop starting it with the computer
  logs [--lines N]                            The last lines of the agent's log file
  clock-in                                    Clock in to the current or next shift
  clock-out                                   Clock out of the ongoing shift
  status [--json]                             Shift, today's worked time, current task, outbox,
                                              recording
  tasks [--json]                              The tasks you can track time on: the open tasks of
                                              your shift's client (yours first) and the general tasks
  task <id>                                   Track time on this task from now (pings name it)
  task --general <id>                         ... on this general task (meetings, training, ...)
  task --clear                                ... on no task
  --version                                   The agent's version

Privacy: the agent records only during a shift you clocked in to, and says so ("status",
a desktop notification when recording starts and stops and for screenshots, and a log line
on every screenshot). It counts key presses and mouse events, never which
keys, never typed text, never the clipboard. It reads the active window's application and
title (not under the "off" privacy tier) and takes screenshots when the contract asks for them.

The task: "task" goes through the running agent (its next ping names it); without one it is
saved for the next run. Chosen before clock-in, it applies from clock-in; it ends with the shift.
The server keeps one task per shift: a choice here or in the web timer reaches both.
While this agent is connected it alone records the shift; the web timer stands by.

State: $VAHUB_AGENT_HOME, else ~/.config/vahub-agent (%APPDATA%\\vahub-agent on Windows).
Log: agent.log in that folder (rotated at 1 MB, three old files kept). VAHUB_AGENT_NOTIFICATIONS=off
turns desktop notifications off; VAHUB_AGENT_NO_BROWSER=1 only prints the sign-in link.
Tests only: VAHUB_AGENT_PING_SECONDS and VAHUB_AGENT_POLL_SECONDS shorten the ping interval and poll.
Exit codes: 0 ok, 1 error, 2 usage.`;
