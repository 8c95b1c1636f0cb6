// The `crossfire` command line tool. Commands are added by their issues.
import Foundation

FileHandle.standardError.write(Data("usage: crossfire <command> [options]\n".utf8))
exit(2)
