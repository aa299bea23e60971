// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {PaymentBase} from "./Payment.t.sol";

/// @dev One user-facing call per test, so `.gas-snapshot-payment` shows what a payment costs a user
/// (the signature is made in setUp; the test holds only the call).
contract PaymentGasTest is PaymentBase {
    bytes32 internal constant ORDER = keccak256("gas-order");
    uint256 internal endTime;
    bytes internal sig;

    function setUp() public override {
        super.setUp();
        _pay(other, keccak256("warm-up"), address(usdt), 10 ether, block.timestamp, _order(keccak256("warm-up"), other, address(usdt), 10 ether, block.timestamp));
        endTime = block.timestamp + 600;
        sig = _order(ORDER, payer, address(usdt), 1_000 ether, endTime);
    }

    function test_gas_payment_usdt() public {
        _pay(payer, ORDER, address(usdt), 1_000 ether, endTime, sig);
    }
}
