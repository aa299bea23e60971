// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {vm} from "./Vm.sol";

interface IUniswapV2Factory {
    function createPair(address tokenA, address tokenB) external returns (address pair);
    function getPair(address tokenA, address tokenB) external view returns (address pair);
}

interface IUniswapV2Pair {
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function token0() external view returns (address);
}

interface IUniswapV2Router02 {
    function factory() external view returns (address);
    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external returns (uint256 amountA, uint256 amountB, uint256 liquidity);
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
    function swapExactTokensForTokens(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

/// @dev Deploys the real Uniswap V2 factory, WETH9 and Router02 from the npm build artifacts
/// (`bytecode` there has no 0x prefix). Needs fs read access to the uniswap packages.
library UniswapV2Deployer {
    string internal constant CORE = "../node_modules/@uniswap/v2-core/build/";
    string internal constant PERIPHERY = "../node_modules/@uniswap/v2-periphery/build/";

    function creationCode(string memory artifactPath) internal view returns (bytes memory) {
        string memory json = vm.readFile(artifactPath);
        return vm.parseBytes(string.concat("0x", vm.parseJsonString(json, ".bytecode")));
    }

    function deploy(address feeToSetter)
        internal
        returns (IUniswapV2Factory factory, IUniswapV2Router02 router, address weth)
    {
        factory = IUniswapV2Factory(
            _create(
                abi.encodePacked(creationCode(string.concat(CORE, "UniswapV2Factory.json")), abi.encode(feeToSetter))
            )
        );
        weth = _create(creationCode(string.concat(PERIPHERY, "WETH9.json")));
        router = IUniswapV2Router02(
            _create(
                abi.encodePacked(
                    creationCode(string.concat(PERIPHERY, "UniswapV2Router02.json")), abi.encode(address(factory), weth)
                )
            )
        );
    }

    function _create(bytes memory code) private returns (address deployed) {
        assembly ("memory-safe") {
            deployed := create(0, add(code, 0x20), mload(code))
        }
        require(deployed != address(0), "UniswapV2Deployer: create failed");
    }
}
