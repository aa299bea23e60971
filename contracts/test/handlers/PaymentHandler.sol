// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {FreeToken} from "../../src/FreeToken.sol";
import {Payment} from "../../src/Payment.sol";
import {TestUSDT} from "../../src/TestUSDT.sol";
import {vm} from "../utils/Vm.sol";

/// @dev Drives Payment through bounded random sequences: new orders, replays and squats of paid orders,
/// expired orders, term changes and time travel. Records every successful payment for the invariants.
contract PaymentHandler {
    struct Paid {
        bytes32 orderId;
        address from;
        uint256 total;
        uint256 payTime;
    }

    Payment internal immutable payment;
    TestUSDT internal immutable usdt;
    FreeToken internal immutable free;
    uint256 internal immutable signerKey;

    Paid[] internal paid;
    uint256 internal nonce;
    /// @dev Payments that should have been refused (a paid id again, or after its end time).
    uint256 public secondPayments;

    constructor(Payment payment_, TestUSDT usdt_, FreeToken free_, uint256 signerKey_) {
        payment = payment_;
        usdt = usdt_;
        free = free_;
        signerKey = signerKey_;
    }

    function paidCount() external view returns (uint256) {
        return paid.length;
    }

    function paidAt(uint256 i) external view returns (bytes32, address, uint256, uint256) {
        Paid storage p = paid[i];
        return (p.orderId, p.from, p.total, p.payTime);
    }

    // ------------------------------------------------------------------ actions

    function payNew(uint256 payerSeed, uint256 amount, bool inFree, uint256 ttl) external {
        bytes32 orderId = keccak256(abi.encode("handler-order", nonce++));
        (address payer, address token) = _fund(payerSeed, inFree, amount = _bound(amount, 1e15, 10_000 ether));
        uint256 endTime = block.timestamp + _bound(ttl, 0, 1 days);
        bytes memory sig = _sign(orderId, payer, token, amount, endTime);
        vm.prank(payer);
        try payment.payment(orderId, token, amount, endTime, sig) {
            (,,,, uint256 total, uint256 payTime,) = payment.getPayInfo(orderId);
            paid.push(Paid(orderId, payer, total, payTime));
        } catch {}
    }

    function payAgain(uint256 index, uint256 payerSeed, uint256 amount, bool inFree) external {
        if (paid.length == 0) return;
        bytes32 orderId = paid[index % paid.length].orderId;
        (address payer, address token) = _fund(payerSeed, inFree, amount = _bound(amount, 1e15, 10_000 ether));
        bytes memory sig = _sign(orderId, payer, token, amount, block.timestamp);
        vm.prank(payer);
        try payment.payment(orderId, token, amount, block.timestamp, sig) {
            ++secondPayments;
        } catch {}
    }

    function payExpired(uint256 payerSeed, uint256 amount, uint256 lateBy) external {
        bytes32 orderId = keccak256(abi.encode("handler-expired", nonce++));
        (address payer, address token) = _fund(payerSeed, false, amount = _bound(amount, 1e15, 10_000 ether));
        uint256 endTime = block.timestamp - _bound(lateBy, 1, block.timestamp - 1);
        bytes memory sig = _sign(orderId, payer, token, amount, endTime);
        vm.prank(payer);
        try payment.payment(orderId, token, amount, endTime, sig) {
            ++secondPayments;
        } catch {}
    }

    function setTerms(uint256 burnBps, uint256 rewardBps) external {
        payment.setBurnBps(_bound(burnBps, 0, payment.MAX_BURN_BPS()));
        payment.setExecutorRewardBps(_bound(rewardBps, 0, payment.MAX_EXECUTOR_REWARD_BPS()));
    }

    function warp(uint256 seconds_) external {
        vm.warp(block.timestamp + _bound(seconds_, 1, 30 days));
    }

    // ------------------------------------------------------------------ helpers

    function _fund(uint256 payerSeed, bool inFree, uint256 amount) private returns (address payer, address token) {
        payer = vm.addr(0x1000 + payerSeed % 3);
        token = inFree ? address(free) : address(usdt);
        if (inFree) free.mint(payer, amount);
        else usdt.mint(payer, amount);
        vm.prank(payer);
        IERC20(token).approve(address(payment), amount);
    }

    function _sign(bytes32 orderId, address payer, address token, uint256 amount, uint256 endTime)
        private
        view
        returns (bytes memory)
    {
        bytes32 digest =
            payment.orderDigest(orderId, payer, token, payment.treasury(), amount, payment.burnBps(), endTime);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(signerKey, digest);
        return abi.encodePacked(r, s, v);
    }

    function _bound(uint256 x, uint256 min, uint256 max) private pure returns (uint256) {
        return min + x % (max - min + 1);
    }
}
