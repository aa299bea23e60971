// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {vm} from "./Vm.sol";

/// @dev Minimal test base: forge finds tests by IS_TEST; assertions revert with a readable message.
abstract contract Test {
    bool public IS_TEST = true;

    function fail(string memory message) internal pure {
        revert(message);
    }

    function assertTrue(bool ok, string memory message) internal pure {
        if (!ok) revert(message);
    }

    function assertFalse(bool ok, string memory message) internal pure {
        if (ok) revert(message);
    }

    function assertEq(uint256 a, uint256 b, string memory message) internal pure {
        if (a != b) revert(string.concat(message, ": ", vm.toString(a), " != ", vm.toString(b)));
    }

    function assertEq(address a, address b, string memory message) internal pure {
        if (a != b) revert(string.concat(message, ": ", vm.toString(a), " != ", vm.toString(b)));
    }

    function assertEq(bytes32 a, bytes32 b, string memory message) internal pure {
        if (a != b) revert(string.concat(message, ": ", vm.toString(a), " != ", vm.toString(b)));
    }

    function assertEq(bool a, bool b, string memory message) internal pure {
        if (a != b) revert(string.concat(message, a ? ": true != false" : ": false != true"));
    }

    function assertLe(uint256 a, uint256 b, string memory message) internal pure {
        if (a > b) revert(string.concat(message, ": ", vm.toString(a), " > ", vm.toString(b)));
    }

    function assertGe(uint256 a, uint256 b, string memory message) internal pure {
        if (a < b) revert(string.concat(message, ": ", vm.toString(a), " < ", vm.toString(b)));
    }

    function assertGt(uint256 a, uint256 b, string memory message) internal pure {
        if (a <= b) revert(string.concat(message, ": ", vm.toString(a), " <= ", vm.toString(b)));
    }

    function assertLt(uint256 a, uint256 b, string memory message) internal pure {
        if (a >= b) revert(string.concat(message, ": ", vm.toString(a), " >= ", vm.toString(b)));
    }

    /// @dev Maps any fuzzed `x` into [min, max] (min <= max).
    function bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (min > max) revert("bound: min > max");
        if (max - min == type(uint256).max) return x;
        return min + x % (max - min + 1);
    }
}
